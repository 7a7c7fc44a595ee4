package io.wsqos.core.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.wsqos.testing.BusyScript;
import io.wsqos.testing.TestServer;
import io.wsqos.testing.service.EchoService;
import io.wsqos.testing.service.EchoServiceImpl;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BusyAnswersTest {

  private final BusyScript script = new BusyScript(2);
  private final TestServer server =
      TestServer.builder(EchoService.class, new EchoServiceImpl()).inInterceptor(script).start();
  private final List<ProviderBusyException> told = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    server.close();
    System.clearProperty(FORCE_URL_CONNECTION);
  }

  private static final String FORCE_URL_CONNECTION =
      "org.apache.cxf.transport.http.forceURLConnection";

  private EchoService client() {
    EchoService echo = server.client(EchoService.class);
    BusyAnswers.install(ClientProxy.getClient(echo), told::add);
    return echo;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void busyAnswerFailsTheCallAtOnceWithItsRetryAfterAndTellsTheListener(boolean urlConnection) {
    if (urlConnection) {
      System.setProperty(FORCE_URL_CONNECTION, "true");
    }
    EchoService echo = client();
    script.busyFor(1);

    Throwable failure = catchThrowable(() -> echo.echo("a"));

    assertThat(failure).isInstanceOf(WebServiceException.class);
    assertThat(failure.getCause()).isInstanceOf(ProviderBusyException.class);
    ProviderBusyException busy = (ProviderBusyException) failure.getCause();
    assertThat(busy.retryAfter()).isEqualTo(Duration.ofSeconds(2));
    assertThat(busy.endpoint()).isEqualTo(server.address());
    assertThat(busy.held()).isFalse();
    assertThat(told).containsExactly(busy);
    assertThat(script.received()).isEqualTo(1);
    assertThat(echo.echo("b")).isEqualTo("echo: b");
    assertThat(script.received()).isEqualTo(2);
  }

  @Test
  void a503WithoutRetryAfterStaysCxfsHttpException() {
    EchoService echo = client();
    script.retryAfter(null).busyFor(1);

    Throwable failure = catchThrowable(() -> echo.echo("a"));

    assertThat(failure).isInstanceOf(WebServiceException.class);
    assertThat(failure.getCause()).isInstanceOf(HTTPException.class);
    assertThat(((HTTPException) failure.getCause()).getResponseCode()).isEqualTo(503);
    assertThat(told).isEmpty();
  }

  @Test
  void anotherErrorStatusStaysCxfsHttpExceptionAndAFaultStaysAFault() {
    EchoService wrongPath = server.client(EchoService.class);
    BusyAnswers.install(ClientProxy.getClient(wrongPath), told::add);
    ((BindingProvider) wrongPath)
        .getRequestContext()
        .put(
            BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
            server.address().replace(TestServer.DEFAULT_PATH, "/nothing-here"));

    Throwable notFound = catchThrowable(() -> wrongPath.echo("a"));
    Throwable fault = catchThrowable(() -> client().echo(EchoServiceImpl.FAULT));

    assertThat(notFound.getCause()).isInstanceOf(HTTPException.class);
    assertThat(((HTTPException) notFound.getCause()).getResponseCode()).isEqualTo(404);
    assertThat(((HTTPException) notFound.getCause()).getResponseMessage()).isEqualTo("Not Found");
    assertThat(fault).isInstanceOf(WebServiceException.class);
    assertThat(fault.getCause()).isInstanceOf(org.apache.cxf.binding.soap.SoapFault.class);
    assertThat(told).isEmpty();
  }

  @Test
  void asynchronousCallGetsTheBusyAnswerToo() throws Exception {
    EchoService echo = client();
    script.busyFor(1);
    org.apache.cxf.endpoint.Client client = ClientProxy.getClient(echo);
    org.apache.cxf.endpoint.ClientCallback callback = new org.apache.cxf.endpoint.ClientCallback();

    client.invoke(callback, "echo", "a");
    Future<Object[]> result = callback;
    Throwable failure = catchThrowable(() -> result.get());

    assertThat(failure).isInstanceOf(ExecutionException.class);
    assertThat(rootOrBusy(failure)).isInstanceOf(ProviderBusyException.class);
    assertThat(told).hasSize(1);
  }

  private static Throwable rootOrBusy(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ProviderBusyException) {
        return t;
      }
    }
    return failure;
  }

  @Test
  void retryAfterReadsDeltaSecondsOnly() {
    assertThat(BusyAnswers.retryAfter("3")).contains(Duration.ofSeconds(3));
    assertThat(BusyAnswers.retryAfter(" 1 ")).contains(Duration.ofSeconds(1));
    assertThat(BusyAnswers.retryAfter("99999999999999999999"))
        .contains(BusyAnswers.MAX_RETRY_AFTER);
    assertThat(BusyAnswers.retryAfter("0")).isEmpty();
    assertThat(BusyAnswers.retryAfter("-1")).isEmpty();
    assertThat(BusyAnswers.retryAfter("1.5")).isEmpty();
    assertThat(BusyAnswers.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).isEmpty();
    assertThat(BusyAnswers.retryAfter("")).isEmpty();
    assertThat(BusyAnswers.retryAfter(null)).isEmpty();
  }
}
