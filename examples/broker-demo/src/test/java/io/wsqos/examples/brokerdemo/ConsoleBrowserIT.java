package io.wsqos.examples.brokerdemo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.Endpoint;
import io.wsqos.broker.api.Measurement;
import io.wsqos.broker.api.Offer;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.broker.api.ProviderRegistration;
import io.wsqos.broker.api.Service;
import io.wsqos.broker.client.BrokerClient;
import io.wsqos.testing.Prerequisites;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The broker's console in a real headless Chromium (Debian's {@code chromium} through its {@code
 * chromedriver}, driven by Selenium WebDriver) over the demo: the page loads without a console
 * error (a Content-Security-Policy violation is one), lists the demo's offers, shows a price
 * written through the REST API within two seconds, shows a hostile provider name as text, and
 * writes only with the administrator's token. Writes {@code target/console.png}, the README's
 * screenshot.
 */
class ConsoleBrowserIT {

  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final String ADMIN = "console-browser-it-admin-token-0123456789";
  private static final String HOSTILE = "<img src=x onerror=alert(1)>";
  private static final Duration LOADED = Duration.ofSeconds(10);

  @TempDir Path directory;

  private BrokerDemo demo;
  private ChromeDriver browser;

  @BeforeEach
  void startTheDemoAndTheBrowser() throws Exception {
    Prerequisites.assume(
        Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Debian's chromium and chromium-driver are not installed"
            + " (apt-get install chromium chromium-driver)");
    demo = DemoInDirectory.start(directory, "--admin-token", ADMIN);
    // The driver's path given: Selenium Manager downloads nothing.
    ChromeDriverService driver =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,1000",
        "--user-data-dir=" + directory.resolve("chromium").toAbsolutePath());
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    browser = new ChromeDriver(driver, options);
  }

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (demo != null) {
      demo.close();
    }
  }

  private void open() {
    browser.get(demo.broker().consoleAddress());
    new WebDriverWait(browser, LOADED)
        .until(
            ExpectedConditions.textToBePresentInElementLocated(By.id("offers"), "Express Books"));
  }

  private List<LogEntry> severe() {
    return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
        .toList();
  }

  private Candidate offerOf(String provider) {
    return demo.broker().selector().offers().stream()
        .filter(c -> c.provider().name().equals(provider))
        .findFirst()
        .orElseThrow();
  }

  /**
   * The text of the first element {@code css} selects, or null: read in one script, because the
   * page replaces its rows when the state changes (an element found before may be gone).
   */
  private String text(String css) {
    return (String)
        ((JavascriptExecutor) browser)
            .executeScript(
                "const e = document.querySelector(arguments[0]); return e && e.textContent;", css);
  }

  /** The texts of every element {@code css} selects, read in one script. */
  @SuppressWarnings("unchecked")
  private List<String> texts(String css) {
    return (List<String>)
        ((JavascriptExecutor) browser)
            .executeScript(
                "return Array.from(document.querySelectorAll(arguments[0]), e => e.textContent);",
                css);
  }

  private String priceCell(long offerId) {
    return text("tr[data-offer='" + offerId + "'] .price");
  }

  private static OfferTerms withPrice(OfferTerms terms, String price) {
    return new OfferTerms(
        new BigDecimal(price),
        terms.currency(),
        terms.maxResponseTimeMillis(),
        terms.availability(),
        terms.throughputPerSecond(),
        terms.transportPriorities(),
        terms.compression(),
        terms.validFrom(),
        terms.validUntil());
  }

  @Test
  void thePageLoadsWithoutConsoleErrorsAndListsTheDemosOffers() {
    open();

    assertThat(texts("#offers tbody td.provider"))
        .containsExactlyInAnyOrder("Budget Books", "Express Books");
    assertThat(priceCell(offerOf("Budget Books").offer().id())).isEqualTo("0.05 EUR");
    assertThat(priceCell(offerOf("Express Books").offer().id())).isEqualTo("0.2 EUR");
    assertThat(text("#status")).startsWith("Registry version");
    new WebDriverWait(browser, LOADED)
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("rate"), "per second"));
    assertThat(severe()).isEmpty();
  }

  @Test
  void aPriceWrittenThroughTheApiShowsWithinTwoSeconds() throws Exception {
    open();
    Offer express = offerOf("Express Books").offer();
    BrokerClient client =
        BrokerClient.builder(URI.create(demo.broker().address())).token(ADMIN).build();

    client.updateOffer(express.id(), express.version(), withPrice(express.terms(), "0.27"));

    new WebDriverWait(browser, Duration.ofSeconds(2))
        .until(d -> "0.27 EUR".equals(priceCell(express.id())));
    new WebDriverWait(browser, LOADED)
        .ignoring(StaleElementReferenceException.class)
        .until(
            d -> {
              d.findElement(By.cssSelector("tr[data-offer='" + express.id() + "'] button")).click();
              return true;
            });
    new WebDriverWait(browser, LOADED)
        .until(d -> d.findElements(By.cssSelector("#chart circle")).size() == 2);
    reportSlowCalls(client, offerOf("Budget Books").offer()); // a flagged row in the screenshot
    new WebDriverWait(browser, LOADED)
        .until(d -> d.findElements(By.cssSelector("tr.flagged")).size() == 1);
    assertThat(browser.findElement(By.id("chart-title")).getText())
        .isEqualTo("Price over time: offer " + express.id() + " of Express Books");
    assertThat(severe()).isEmpty();
    Files.write(Path.of("target", "console.png"), browser.getScreenshotAs(OutputType.BYTES));
  }

  /** Reports a window of 100 calls whose p95 (900 ms) is far above what the offer promises. */
  private static void reportSlowCalls(BrokerClient client, Offer offer) {
    Instant end = Instant.now();
    client.reportMeasurement(
        offer.id(),
        new Measurement("getBook", end.minusSeconds(30), end, 100, 0, 700, 900, 950),
        Optional.empty());
  }

  @Test
  void measuredQosShowsBesideTheOfferedAndABrokenOfferIsFlagged() {
    open();
    Offer budget = offerOf("Budget Books").offer();
    BrokerClient client =
        BrokerClient.builder(URI.create(demo.broker().address())).token(ADMIN).build();

    reportSlowCalls(client, budget);

    String row = "tr[data-offer='" + budget.id() + "']";
    new WebDriverWait(browser, LOADED)
        .until(d -> text("tr.flagged[data-offer='" + budget.id() + "']") != null);
    assertThat(text(row + " .measured"))
        .contains("getBook: p95 900 ms, availability 1.0000 (100 requests)", "broken");
    assertThat(text(row)).contains("≤ 400 ms");
    assertThat(text("tr[data-offer='" + offerOf("Express Books").offer().id() + "'] .measured"))
        .isEqualTo("no reports");
    assertThat(severe()).isEmpty();
  }

  @Test
  void aHostileProviderNameIsShownAsTextNeverAsMarkup() {
    var service = demo.broker().service();
    var admin = demo.broker().admin();
    ProviderRegistration hostile = service.registerProvider(admin, HOSTILE);
    Service bookstore = offerOf("Express Books").service();
    Endpoint endpoint =
        service.registerEndpoint(
            admin,
            hostile.provider().id(),
            bookstore.id(),
            URI.create("http://hostile.example/bookstore"),
            Set.of(Binding.SOAP_1_1));
    service.publishOffer(
        admin, endpoint.id(), withPrice(offerOf("Express Books").offer().terms(), "0.01"));

    open();
    new WebDriverWait(browser, LOADED)
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("providers"), HOSTILE));

    assertThat(texts("#providers td.name")).contains(HOSTILE);
    assertThat(texts("#offers td.provider")).contains(HOSTILE);
    assertThat(browser.findElements(By.tagName("img"))).isEmpty();
    assertThatThrownBy(() -> browser.switchTo().alert())
        .isInstanceOf(NoAlertPresentException.class);
    assertThat(severe()).isEmpty(); // an img src=x would have failed to load
  }

  @Test
  void writesAreRefusedWithoutTheTokenAndMadeWithIt() {
    open();
    Offer budget = offerOf("Budget Books").offer();
    assertThat(browser.findElement(By.id("price-form")).isDisplayed()).isFalse();

    Object status =
        ((JavascriptExecutor) browser)
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "fetch('../api/offers/' + arguments[0], {method: 'PUT',"
                    + " headers: {'Content-Type': 'application/json', 'If-Match': '\"'"
                    + " + arguments[1] + '\"'}, body: JSON.stringify({terms: {price: '9.99',"
                    + " currency: 'EUR', maxResponseTimeMillis: 1, availability: 0.5,"
                    + " throughputPerSecond: 1}})}).then(r => done(r.status), e => done(String(e)));",
                budget.id(),
                budget.version());
    browser.findElement(By.id("token")).sendKeys(ADMIN);
    browser.findElement(By.cssSelector("#token-form button[type=submit]")).click();
    browser.findElement(By.id("price-offer")).sendKeys(Long.toString(budget.id()));
    browser.findElement(By.id("price-value")).sendKeys("0.07");
    browser.findElement(By.cssSelector("#price-form button[type=submit]")).click();

    assertThat(status).isEqualTo(401L);
    new WebDriverWait(browser, LOADED)
        .until(
            ExpectedConditions.textToBe(
                By.id("write-result"), "Offer " + budget.id() + " now 0.07 EUR"));
    new WebDriverWait(browser, LOADED).until(d -> "0.07 EUR".equals(priceCell(budget.id())));
    assertThat(demo.broker().selector().offers())
        .filteredOn(c -> c.offer().id() == budget.id())
        .singleElement()
        .satisfies(c -> assertThat(c.offer().terms().price()).isEqualByComparingTo("0.07"));
    // The refused write is the page's only error: the browser logs the 401.
    assertThat(severe())
        .singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("/api/offers/" + budget.id(), "401"));
  }
}
