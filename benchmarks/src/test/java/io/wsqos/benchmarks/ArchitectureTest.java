package io.wsqos.benchmarks;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module rules of {@code docs/architecture.md}, checked on the compiled main classes of every
 * module: this module depends on all of them, so they are all on its class path. A module is known
 * by its packages; a module added to the project is added to {@link Module} and to this module's
 * dependencies.
 */
class ArchitectureTest {

  /** The project's modules and the packages each one owns. */
  enum Module {
    CORE(true, "io.wsqos.core.."),
    MONITOR(true, "io.wsqos.monitor..", "db.migration.monitor.."),
    BROKER(true, "io.wsqos.broker..", "db.migration.broker.."),
    QOS_PROXY(true, "io.wsqos.proxy.."),
    BINDING_SELECTOR(true, "io.wsqos.binding.."),
    SERVER(false, "io.wsqos.server.."),
    TESTING(false, "io.wsqos.testing.."),
    EXAMPLES(false, "io.wsqos.examples.."),
    BENCHMARKS(false, "io.wsqos.benchmarks..");

    final boolean library;
    final String[] packages;

    Module(boolean library, String... packages) {
      this.library = library;
      this.packages = packages;
    }

    /** The packages of {@code modules}, for a rule over several modules at once. */
    static String[] packagesOf(Stream<Module> modules) {
      return modules.flatMap(m -> Arrays.stream(m.packages)).toArray(String[]::new);
    }

    /** Every module's packages but this one's. */
    String[] othersPackages() {
      return packagesOf(Arrays.stream(values()).filter(m -> m != this));
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
        List.of(Module.CORE, Module.MONITOR, Module.TESTING, Module.EXAMPLES, Module.BENCHMARKS)) {
      String root = module.packages[0].replace("..", "");
      boolean found = classes.stream().anyMatch(c -> c.getPackageName().startsWith(root));
      if (!found) {
        throw new AssertionError("no class of " + module + " (" + root + ") was imported");
      }
    }
  }

  @Test
  void coreDependsOnNoOtherModule() {
    rule(Module.CORE, Module.CORE.othersPackages()).check(classes);
  }

  @Test
  void aLibraryModuleDependsOnNoModuleButCore() {
    for (Module library : Module.values()) {
      if (!library.library || library == Module.CORE) {
        continue;
      }
      String[] forbidden =
          Module.packagesOf(
              Arrays.stream(Module.values()).filter(m -> m != library && m != Module.CORE));
      rule(library, forbidden).check(classes);
    }
  }

  @Test
  void theServerDependsOnNoModuleOfOurs() {
    rule(Module.SERVER, Module.SERVER.othersPackages()).check(classes);
  }

  @Test
  void theTestKitDependsOnlyOnTheServerAndCore() {
    String[] forbidden =
        Module.packagesOf(
            Arrays.stream(Module.values())
                .filter(m -> m != Module.TESTING && m != Module.SERVER && m != Module.CORE));
    rule(Module.TESTING, forbidden).check(classes);
  }

  @Test
  void nothingDependsOnTheBenchmarks() {
    noClasses()
        .that()
        .resideOutsideOfPackages(Module.BENCHMARKS.packages)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(Module.BENCHMARKS.packages)
        .check(classes);
  }

  @Test
  void onlyTheBenchmarksDependOnTheExamples() {
    noClasses()
        .that()
        .resideOutsideOfPackages(Module.packagesOf(Stream.of(Module.EXAMPLES, Module.BENCHMARKS)))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(Module.EXAMPLES.packages)
        .check(classes);
  }

  @Test
  void noModuleImportsAnotherModulesInternalPackages() {
    for (Module module : Module.values()) {
      String[] internals =
          Arrays.stream(module.packages)
              .map(p -> p.replace("..", "") + "..internal..")
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
