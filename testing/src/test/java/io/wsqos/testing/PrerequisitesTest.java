package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class PrerequisitesTest {

  private static final Prerequisites DEVELOPER = Prerequisites.of(Map.of());
  private static final Prerequisites CI = Prerequisites.of(Map.of("CI", "true"));

  @Test
  void aMissingPrerequisiteSkipsWithItsReasonOnADevelopersMachine() {
    Throwable thrown = catchThrowable(() -> DEVELOPER.check(false, "'tshark' is not installed"));

    // JUnit reports a TestAbortedException as skipped, with its message as the reason.
    assertThat(thrown)
        .isExactlyInstanceOf(TestAbortedException.class)
        .hasMessage("'tshark' is not installed (skipped here; with CI=true this fails)");
  }

  @Test
  void aMissingPrerequisiteFailsUnderCi() {
    Throwable thrown = catchThrowable(() -> CI.check(false, "'tshark' is not installed"));

    // Any other throwable is a failure; an AssertionError is reported as one, not as an error.
    assertThat(thrown)
        .isExactlyInstanceOf(AssertionFailedError.class)
        .isNotInstanceOf(TestAbortedException.class)
        .hasMessage(
            "prerequisite missing under CI (CI is set), where .ci/run installs it:"
                + " 'tshark' is not installed");
  }

  @Test
  void aPrerequisiteThatIsMetPassesEverywhere() {
    DEVELOPER.check(true, "unused");
    CI.check(true, "unused");
    Prerequisites.assume(true, "unused");
    Prerequisites.assume(Optional.empty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"true", "TRUE", "1", "yes", "github"})
  void ciIsAnyValueButEmptyFalseOrZero(String value) {
    assertThatThrownBy(() -> Prerequisites.of(Map.of("CI", value)).check(false, "x"))
        .isInstanceOf(AssertionFailedError.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "false", "False", "0"})
  void emptyFalseOrZeroIsNotCi(String value) {
    assertThatThrownBy(() -> Prerequisites.of(Map.of("CI", value)).check(false, "x"))
        .isInstanceOf(TestAbortedException.class);
  }

  @Test
  void theStaticChecksFollowThisJvmsEnvironment() {
    boolean ci = isCi(System.getenv("CI"));
    Class<? extends Throwable> expected =
        ci ? AssertionFailedError.class : TestAbortedException.class;

    assertThat(Prerequisites.inCi()).isEqualTo(ci);
    assertThat(catchThrowable(() -> Prerequisites.assume(false, "absent"))).isInstanceOf(expected);
    assertThat(catchThrowable(() -> Prerequisites.assume(Optional.of("absent"))))
        .isInstanceOf(expected)
        .hasMessageContaining("absent");
    assertThat(catchThrowable(() -> Prerequisites.<String>abort("absent"))).isInstanceOf(expected);
  }

  private static boolean isCi(String value) {
    return value != null
        && !value.isBlank()
        && !value.strip().equalsIgnoreCase("false")
        && !value.strip().equals("0");
  }
}
