package io.wsqos.binding;

/**
 * A descriptor or rule file that does not parse: the message names the source, the line and the
 * problem, e.g. {@code rules.txt line 3: unknown fact 'same-jvn' (expected one of: ...)}.
 */
public final class SyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final String problem;

  SyntaxException(String source, int line, String problem) {
    super(source + " line " + line + ": " + problem);
    this.source = source;
    this.line = line;
    this.problem = problem;
  }

  /** What was read: a file name, a URL or {@code <string>}. */
  public String source() {
    return source;
  }

  /** The line the problem is on, counted from 1. */
  public int line() {
    return line;
  }

  /** The problem, without the source and line. */
  public String problem() {
    return problem;
  }
}
