package io.wsqos.cli;

/**
 * What {@link Options#parseForMain} made of a command line: the arguments to run with, or, when the
 * main is done already (usage printed for {@code --help} or a usage error), the status to exit
 * with. A main that may not call {@code System.exit} in tests returns {@link #exitStatus()}; one
 * that exits calls {@link #exitIfFailed()}.
 *
 * @param arguments the arguments to run with; {@code null} when {@link #done()}
 * @param exitStatus 0, or {@link #USAGE_ERROR}; meaningful only when {@link #done()}
 */
public record MainArguments(Arguments arguments, int exitStatus) {

  /** The status a main exits with for a command line that does not match its options. */
  public static final int USAGE_ERROR = 2;

  static MainArguments toRun(Arguments arguments) {
    return new MainArguments(arguments, 0);
  }

  static MainArguments stopWith(int exitStatus) {
    return new MainArguments(null, exitStatus);
  }

  /** Whether the main should stop now, with {@link #exitStatus()}, rather than run. */
  public boolean done() {
    return arguments == null;
  }

  /** Exits the JVM with {@link #exitStatus()} unless it is 0; for a main's last step when done. */
  public void exitIfFailed() {
    if (exitStatus != 0) {
      System.exit(exitStatus);
    }
  }
}
