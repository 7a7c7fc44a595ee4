/**
 * The project's one way to read a command line: typed {@link io.wsqos.cli.Option} declarations
 * grouped in {@link io.wsqos.cli.Options}, which parse arguments into an immutable {@link
 * io.wsqos.cli.Arguments} and render the same declarations as usage text and as a Markdown table
 * for a README. A main reads its command line with {@link io.wsqos.cli.Options#parseForMain}, which
 * prints the usage for {@code --help} or a usage error, so that every command answers them alike.
 *
 * <pre>{@code
 * static final Option<Integer> PORT = Option.integer("port", 8080, 0, 65535, "Port to listen on");
 * static final Options OPTIONS = Options.of("bookstore", "Serves the bookstore.", PORT);
 *
 * Arguments arguments = OPTIONS.parse(args); // "--port 0" and "--port=0" alike
 * int port = arguments.get(PORT);
 * }</pre>
 */
package io.wsqos.cli;
