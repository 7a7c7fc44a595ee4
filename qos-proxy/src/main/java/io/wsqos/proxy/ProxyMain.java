package io.wsqos.proxy;

import io.wsqos.core.cli.Arguments;
import io.wsqos.core.cli.Option;
import io.wsqos.core.cli.Options;
import io.wsqos.core.entitlement.PriorityEntitlement;
import io.wsqos.core.header.TransportPriority;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link QosReverseProxy} until the JVM is told to stop: {@code java -cp ...
 * io.wsqos.proxy.ProxyMain --upstream http://10.0.0.5:8080 --port 8081 --ipv4}.
 */
public final class ProxyMain {

  private static final List<String> CLASSES =
      Arrays.stream(TransportPriority.values()).map(TransportPriority::token).toList();

  static final Option<String> UPSTREAM =
      Option.string("upstream", null, "The service's base URL, http://host:port")
          .withMetavar("URL")
          .required();
  static final Option<String> HOST =
      Option.string("host", QosReverseProxy.DEFAULT_HOST, "Interface to listen on")
          .withMetavar("HOST");
  static final Option<Integer> PORT =
      Option.integer("port", 0, 0, 65_535, "Port to listen on; 0 picks a free one");
  static final Option<Boolean> IPV4 =
      Option.flag(
          "ipv4", "Listen and connect upstream on IPv4 channels (needed for marks on JDK 17-20)");
  static final Option<Integer> MAX_HEADER_BYTES =
      Option.integer(
          "max-header-bytes",
          QosReverseProxy.DEFAULT_MAX_HEADER_BYTES,
          256,
          16 * 1024 * 1024,
          "The most bytes of a request read to find the end of its SOAP header");
  static final Option<String> ENTITLEMENT =
      Option.choice(
          "entitlement",
          DscpMarkingFeature.DEFAULT_ENTITLEMENT.token(),
          CLASSES,
          "The highest class of clients not named by --entitle");
  static final Option<String> ENTITLE =
      Option.string("entitle", null, "ADDRESS=CLASS: the highest class of the client ADDRESS")
          .withMetavar("ADDRESS=CLASS")
          .repeatable();
  static final Option<Integer> DSCP_ASSURED =
      Option.integer(
          "dscp-assured", DscpMapping.DEFAULT_ASSURED_DSCP, 0, 63, "DSCP of the assured class");
  static final Option<Integer> DSCP_EXPEDITED =
      Option.integer(
          "dscp-expedited",
          DscpMapping.DEFAULT_EXPEDITED_DSCP,
          0,
          63,
          "DSCP of the expedited class");

  static final Options OPTIONS =
      Options.of(
          "wsqos-proxy",
          "A reverse proxy that marks SOAP traffic with the DSCP of its WS-QoS transport priority",
          UPSTREAM,
          HOST,
          PORT,
          IPV4,
          MAX_HEADER_BYTES,
          ENTITLEMENT,
          ENTITLE,
          DSCP_ASSURED,
          DSCP_EXPEDITED);

  private ProxyMain() {}

  /** Starts the proxy and waits until the JVM is told to stop; exits 2 on bad options. */
  public static void main(String[] args) throws InterruptedException {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
    QosReverseProxy.Builder builder;
    try {
      Arguments arguments = OPTIONS.parse(args);
      if (arguments.helpRequested()) {
        out.print(OPTIONS.usage());
        return 0;
      }
      builder = configure(arguments);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.print(OPTIONS.usage());
      return 2;
    }
    QosReverseProxy proxy = builder.start();
    Runtime.getRuntime().addShutdownHook(new Thread(proxy::close, "wsqos-proxy-shutdown"));
    out.println("wsqos-proxy listening on " + proxy.address());
    proxy.join();
    return 0;
  }

  /**
   * A proxy builder configured by {@code arguments}.
   *
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static QosReverseProxy.Builder configure(Arguments arguments) {
    Map<String, TransportPriority> byClient = new HashMap<>();
    for (String entry : arguments.all(ENTITLE)) {
      int equals = entry.indexOf('=');
      TransportPriority priority =
          equals < 1
              ? null
              : TransportPriority.fromToken(entry.substring(equals + 1).trim()).orElse(null);
      if (priority == null) {
        throw new IllegalArgumentException(
            "--entitle: '"
                + entry
                + "' (expected: ADDRESS=CLASS, CLASS one of "
                + String.join(", ", CLASSES)
                + ")");
      }
      byClient.put(entry.substring(0, equals).trim(), priority);
    }
    URI upstream;
    try {
      upstream = URI.create(arguments.get(UPSTREAM));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--upstream: '" + arguments.get(UPSTREAM) + "' (expected: http://host:port)", e);
    }
    QosReverseProxy.Builder builder =
        QosReverseProxy.builder(upstream)
            .host(arguments.get(HOST))
            .port(arguments.get(PORT))
            .maxHeaderBytes(arguments.get(MAX_HEADER_BYTES))
            .mapping(
                DscpMapping.builder()
                    .dscp(TransportPriority.ASSURED, arguments.get(DSCP_ASSURED))
                    .dscp(TransportPriority.EXPEDITED, arguments.get(DSCP_EXPEDITED))
                    .build())
            .entitlement(
                PriorityEntitlement.of(
                    byClient, TransportPriority.fromToken(arguments.get(ENTITLEMENT)).get()));
    if (arguments.get(IPV4)) {
      builder.protocolFamily(StandardProtocolFamily.INET);
    }
    return builder;
  }
}
