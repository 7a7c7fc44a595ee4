package io.wsqos.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.zaxxer.hikari.HikariDataSource;
import io.wsqos.monitor.jdbc.report.QosReport;
import io.wsqos.proxy.ProxyMain;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module rules of {@code docs/architecture.md}, checked on the compiled main classes of every
 * module: this module depends on the benchmarks, which depend on all of them, so they are all on
 * its class path. A module is known by its packages; a module added to the project is added to
 * {@link Module} and to this module's dependencies.
 */
class ArchitectureTest {

  /** The project's modules and the packages each one owns. */
  enum Module {
    CORE("io.wsqos.core.."),
    CLI("io.wsqos.cli.."),
    JDBC("io.wsqos.jdbc.."),
    // Listed package by package: io.wsqos.monitor.jdbc is another module's.
    MONITOR(
        "io.wsqos.monitor",
        "io.wsqos.monitor.internal..",
        "io.wsqos.monitor.cxf..",
        "io.wsqos.monitor.diagnosis..",
        "io.wsqos.monitor.reconfiguration..",
        "io.wsqos.monitor.remote.."),
    MONITOR_JDBC("io.wsqos.monitor.jdbc..", "db.migration.monitor.."),
    MONITOR_OTEL("io.wsqos.monitor.otel.."),
    BROKER_API("io.wsqos.broker.api..", "io.wsqos.broker.client..", "io.wsqos.broker.adaptive.."),
    // Listed package by package: io.wsqos.broker.api is another module's.
    BROKER(
        "io.wsqos.broker.registry..",
        "io.wsqos.broker.selection..",
        "io.wsqos.broker.service..",
        "io.wsqos.broker.rest..",
        "io.wsqos.broker.app..",
        "io.wsqos.broker.soap..",
        "io.wsqos.broker.console..",
        "db.migration.broker.."),
    BROKER_WAR("io.wsqos.broker.war.."),
    QOS_PROXY("io.wsqos.proxy.."),
    BINDING_SELECTOR("io.wsqos.binding.."),
    SPRING_BOOT_STARTER("io.wsqos.spring.boot.."),
    SERVER("io.wsqos.server.."),
    TESTING("io.wsqos.testing.."),
    TEST_PAYLOADS("io.wsqos.payloads.."),
    EXAMPLES("io.wsqos.examples.."),
    BENCHMARKS("io.wsqos.benchmarks..");

    final String[] packages;

    Module(String... packages) {
      this.packages = packages;
    }

    /**
     * The modules this one may depend on: a library on core (the JDBC store on the monitor it
     * stores for and on the JDBC base, the OpenTelemetry tracing on the monitor it traces, the
     * broker on its API, the JDBC base and, for its launcher, the server; the binding selector on
     * the server, on which it publishes SOAP and its descriptor; the broker's WAR on the broker and
     * the server's container-neutral part; the Spring Boot starter, which wires features as an
     * application would, on the features it configures), the command-line parser and the JDBC base
     * on none, the test kit on the server and the payloads, the examples on every library and the
     * server, the benchmarks on everything. Only what holds a launcher uses the command-line
     * parser: the broker, its WAR, the QoS proxy, the JDBC store (its report), the examples and the
     * benchmarks.
     */
    Set<Module> mayUse() {
      return switch (this) {
        case CORE, CLI, JDBC, SERVER, TEST_PAYLOADS -> Set.of();
        case MONITOR, BROKER_API -> Set.of(CORE);
        case MONITOR_OTEL -> Set.of(CORE, MONITOR);
        case BINDING_SELECTOR -> Set.of(CORE, SERVER);
        case QOS_PROXY -> Set.of(CORE, SERVER, CLI);
        case MONITOR_JDBC -> Set.of(CORE, MONITOR, JDBC, CLI);
        case BROKER -> Set.of(CORE, BROKER_API, JDBC, SERVER, CLI);
        case BROKER_WAR -> Set.of(CORE, BROKER_API, BROKER, SERVER, CLI);
        case TESTING -> Set.of(SERVER, TEST_PAYLOADS);
        case SPRING_BOOT_STARTER ->
            Set.of(CORE, MONITOR, MONITOR_JDBC, JDBC, MONITOR_OTEL, QOS_PROXY, BROKER_API);
        case EXAMPLES -> EnumSet.complementOf(EnumSet.of(EXAMPLES, BENCHMARKS, TESTING));
        case BENCHMARKS -> EnumSet.complementOf(EnumSet.of(BENCHMARKS));
      };
    }

    /** The packages of {@code modules}, for a rule over several modules at once. */
    static String[] packagesOf(Stream<Module> modules) {
      return modules.flatMap(m -> Arrays.stream(m.packages)).toArray(String[]::new);
    }
  }

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.wsqos", "db.migration");
  }

  @Test
  void theClassesOfEveryExistingModuleAreChecked() {
    for (Module module :
        List.of(
            Module.CORE,
            Module.CLI,
            Module.JDBC,
            Module.MONITOR,
            Module.MONITOR_JDBC,
            Module.MONITOR_OTEL,
            Module.BROKER_API,
            Module.BROKER,
            Module.BROKER_WAR,
            Module.QOS_PROXY,
            Module.BINDING_SELECTOR,
            Module.SERVER,
            Module.TESTING,
            Module.TEST_PAYLOADS,
            Module.EXAMPLES,
            Module.BENCHMARKS)) {
      String root = module.packages[0].replace("..", "");
      boolean found = classes.stream().anyMatch(c -> c.getPackageName().startsWith(root));
      if (!found) {
        throw new AssertionError("no class of " + module + " (" + root + ") was imported");
      }
    }
  }

  @Test
  void everyClassBelongsToExactlyOneModule() {
    List<String> strays =
        classes.stream()
            .filter(c -> Arrays.stream(Module.values()).filter(m -> owns(m, c)).count() != 1)
            .map(JavaClass::getName)
            .toList();
    if (!strays.isEmpty()) {
      throw new AssertionError("classes owned by no module, or by several: " + strays);
    }
  }

  private static boolean owns(Module module, JavaClass javaClass) {
    return Arrays.stream(module.packages)
        .anyMatch(p -> javaClass.getPackage().getName().matches(regex(p)));
  }

  /** An ArchUnit package pattern ({@code a.b} or {@code a.b..}) as a regular expression. */
  private static String regex(String pattern) {
    return pattern.endsWith("..")
        ? Pattern.quote(pattern.substring(0, pattern.length() - 2)) + "(\\..*)?"
        : Pattern.quote(pattern);
  }

  @Test
  void eachModuleDependsOnlyOnTheModulesItMayUse() {
    for (Module module : Module.values()) {
      String[] forbidden =
          Module.packagesOf(
              Arrays.stream(Module.values())
                  .filter(m -> m != module && !module.mayUse().contains(m)));
      rule(module, forbidden).check(classes);
    }
  }

  @Test
  void theMonitorALightClientAddsNeedsNoDatabaseLibrary() {
    noClasses()
        .that()
        .resideInAnyPackage(Module.MONITOR.packages)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "java.sql..",
            "javax.sql..",
            "com.zaxxer..",
            "org.flywaydb..",
            "org.h2..",
            "org.postgresql..")
        .because("a client adds monitoring without a database (wsqos-monitor-jdbc has the store)")
        .check(classes);
  }

  @Test
  void theMonitorTracesThroughItsInterfaceAndNeedsNoOpenTelemetry() {
    noClasses()
        .that()
        .resideInAnyPackage(Module.MONITOR.packages)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.opentelemetry..")
        .because(
            "a client monitors without OpenTelemetry; wsqos-monitor-otel implements its"
                + " ExchangeTracer")
        .check(classes);
  }

  /**
   * The QoS proxy and the JDBC store carry the command-line parser as an optional dependency, for
   * their launchers: no other class of theirs may need it, or a client of theirs would.
   */
  @Test
  void inTheLibrariesOnlyTheLaunchersUseTheCommandLineParser() {
    noClasses()
        .that()
        .resideInAnyPackage(Module.packagesOf(Stream.of(Module.QOS_PROXY, Module.MONITOR_JDBC)))
        .and(not(belongToAnyOf(ProxyMain.class, QosReport.class)))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(Module.CLI.packages)
        .because("wsqos-cli is optional in wsqos-qos-proxy and wsqos-monitor-jdbc")
        .check(classes);
  }

  /**
   * Every pool gets the H2 settings, the statement and lock timeouts and the eviction of broken
   * connections from one builder, and every migration runs without the statement timeout.
   */
  @Test
  void poolsAndMigrationsAreBuiltOnlyByTheJdbcModule() {
    noClasses()
        .that()
        .resideOutsideOfPackages(Module.JDBC.packages)
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("com.zaxxer.hikari.HikariConfig")
        .orShould()
        .callConstructor(HikariDataSource.class)
        .orShould()
        .dependOnClassesThat()
        .resideInAnyPackage("org.flywaydb..")
        .because("JdbcPool and JdbcMigrations in wsqos-jdbc build every pool and migration")
        .check(classes);
  }

  /**
   * A WAR runs in whatever container deploys it and carries no Jetty: what it uses of the server
   * module (the CXF mounts and servlet, the metrics and readiness servlets) must not load a Jetty
   * class.
   */
  @Test
  void theServersContainerNeutralPartAndTheWarNeedNoJetty() {
    noClasses()
        .that()
        .haveFullyQualifiedName("io.wsqos.server.CxfMounts")
        .or()
        .haveFullyQualifiedName("io.wsqos.server.CxfApplication")
        .or()
        .haveFullyQualifiedName("io.wsqos.server.MetricsServlet")
        .or()
        .haveFullyQualifiedName("io.wsqos.server.ReadinessServlet")
        .or()
        .haveFullyQualifiedName("io.wsqos.server.OneLineFaultListener")
        .or()
        .resideInAnyPackage(Module.BROKER_WAR.packages)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.eclipse.jetty..")
        .because("the WAR's WEB-INF/lib holds no servlet container")
        .check(classes);
  }

  @Test
  void noModuleImportsAnotherModulesInternalPackages() {
    for (Module module : Module.values()) {
      String[] internals =
          Arrays.stream(module.packages)
              .map(p -> p.endsWith("..") ? p.replace("..", "") + "..internal.." : p + ".internal..")
              .toArray(String[]::new);
      noClasses()
          .that()
          .resideOutsideOfPackages(module.packages)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(internals)
          .allowEmptyShould(true)
          .check(classes);
    }
  }

  /**
   * A package's {@code internal} subpackage is its implementation, so the two form one slice: the
   * public types use their implementation and the implementation takes the public types.
   */
  @Test
  void noPackageCycles() {
    slices().assignedFrom(PACKAGE_WITH_ITS_INTERNALS).should().beFreeOfCycles().check(classes);
  }

  private static final SliceAssignment PACKAGE_WITH_ITS_INTERNALS =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          if (!name.startsWith("io.wsqos.")) {
            return SliceIdentifier.ignore();
          }
          int internal = name.indexOf(".internal");
          return SliceIdentifier.of(internal < 0 ? name : name.substring(0, internal));
        }

        @Override
        public String getDescription() {
          return "packages of io.wsqos, each with its internal subpackages";
        }
      };

  private static ArchRule rule(Module module, String[] forbidden) {
    return noClasses()
        .that()
        .resideInAnyPackage(module.packages)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(forbidden)
        .allowEmptyShould(true)
        .because(module + " may not depend on those modules (docs/architecture.md)");
  }
}
