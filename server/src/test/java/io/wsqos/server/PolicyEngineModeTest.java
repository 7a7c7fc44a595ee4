package io.wsqos.server;

import static io.wsqos.server.EmbeddedServerTest.ECHO_REQUEST;
import static io.wsqos.server.EmbeddedServerTest.post;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.Bus;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.ws.policy.PolicyEngine;
import org.apache.cxf.ws.policy.PolicyInInterceptor;
import org.apache.cxf.ws.policy.PolicyOutInterceptor;
import org.apache.cxf.ws.policy.WSPolicyFeature;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

class PolicyEngineModeTest {

  /** A policy that requires WS-Addressing, which {@link #ECHO_REQUEST} does not use. */
  private static final String ADDRESSING_REQUIRED =
      """
      <wsp:Policy xmlns:wsp="http://www.w3.org/ns/ws-policy"
          xmlns:wsam="http://www.w3.org/2007/05/addressing/metadata">
        <wsam:Addressing><wsp:Policy/></wsam:Addressing>
      </wsp:Policy>""";

  @Test
  void aServerWhoseEndpointsCarryNoPolicyRunsNoPolicyEngine() throws Exception {
    ChainRecorder chain = new ChainRecorder();

    try (EmbeddedServer server = echoServer(chain, PolicyEngineMode.WHEN_ENDPOINTS_CARRY_POLICY)) {
      HttpResponse<String> response = post(server.address("/echo"), ECHO_REQUEST);

      assertThat(response.body()).contains("echo: hi");
      assertThat(server.bus().getExtension(PolicyEngine.class).isEnabled()).isFalse();
      assertThat(busInterceptors(server.bus()))
          .noneMatch(i -> i.getClass().getPackageName().equals("org.apache.cxf.ws.policy"));
      assertThat(chain.seen)
          .isNotEmpty()
          .noneMatch(name -> name.startsWith("org.apache.cxf.ws.policy."));
    }
  }

  @Test
  void theDefaultModeIsOffUnlessAnEndpointCarriesAPolicy() {
    try (EmbeddedServer server =
        EmbeddedServer.builder().endpoint("/echo", Echo.class, new Echo.Impl()).start()) {

      assertThat(CxfApplication.DEFAULT_POLICY_ENGINE_MODE)
          .isEqualTo(PolicyEngineMode.WHEN_ENDPOINTS_CARRY_POLICY);
      assertThat(server.bus().getExtension(PolicyEngine.class).isEnabled()).isFalse();
    }
  }

  @Test
  void alwaysRestoresThePolicyEngineAndItsInterceptors() throws Exception {
    ChainRecorder chain = new ChainRecorder();

    try (EmbeddedServer server = echoServer(chain, PolicyEngineMode.ALWAYS)) {
      HttpResponse<String> response = post(server.address("/echo"), ECHO_REQUEST);

      assertThat(response.body()).contains("echo: hi");
      assertThat(server.bus().getExtension(PolicyEngine.class).isEnabled()).isTrue();
      assertThat(busInterceptors(server.bus()))
          .contains(PolicyInInterceptor.INSTANCE, PolicyOutInterceptor.INSTANCE);
      assertThat(chain.seen).contains(PolicyInInterceptor.class.getName());
    }
  }

  @Test
  void anEndpointWithAPolicyFeatureKeepsTheEngineWhichEnforcesThePolicy() throws Exception {
    WSPolicyFeature policy = new WSPolicyFeature();
    policy.setPolicyElements(List.of(element(ADDRESSING_REQUIRED)));

    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .endpoint("/plain", Echo.class, new Echo.Impl())
            .endpoint("/echo", Echo.class, new Echo.Impl(), policy)
            .start()) {
      HttpResponse<String> refused = post(server.address("/echo"), ECHO_REQUEST);
      HttpResponse<String> plain = post(server.address("/plain"), ECHO_REQUEST);

      assertThat(refused.statusCode()).isEqualTo(500);
      assertThat(refused.body()).contains("Fault").doesNotContain("echo: hi");
      assertThat(server.bus().getExtension(PolicyEngine.class).isEnabled()).isTrue();
      assertThat(plain.body()).contains("echo: hi");
    }
  }

  @Test
  void anEndpointWithAnAnnotatedPolicyKeepsTheEngineWhichEnforcesThePolicy() throws Exception {
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .endpoint("/echo", AddressedEcho.class, new AddressedEcho.Impl())
            .start()) {
      HttpResponse<String> refused = post(server.address("/echo"), ECHO_REQUEST);

      assertThat(refused.statusCode()).isEqualTo(500);
      assertThat(refused.body()).contains("Fault").doesNotContain("echo: hi");
      assertThat(server.bus().getExtension(PolicyEngine.class).isEnabled()).isTrue();
    }
  }

  @Test
  void anApplicationOwnedBusOptsInWithApply() {
    try (EmbeddedServer server =
        EmbeddedServer.builder()
            .policyEngine(PolicyEngineMode.ALWAYS)
            .endpoint("/echo", Echo.class, new Echo.Impl())
            .start()) {
      Bus bus = server.bus();

      PolicyEngineMode.WHEN_ENDPOINTS_CARRY_POLICY.apply(
          bus, List.of(server.endpoint("/echo").orElseThrow()));

      assertThat(bus.getExtension(PolicyEngine.class).isEnabled()).isFalse();
      assertThat(busInterceptors(bus)).doesNotContain(PolicyInInterceptor.INSTANCE);
    }
  }

  private static EmbeddedServer echoServer(ChainRecorder chain, PolicyEngineMode mode) {
    return EmbeddedServer.builder()
        .policyEngine(mode)
        .endpoint(
            "/echo",
            Echo.class,
            new Echo.Impl(),
            List.of(),
            factory -> factory.getInInterceptors().add(chain))
        .start();
  }

  private static List<Interceptor<? extends Message>> busInterceptors(Bus bus) {
    List<Interceptor<? extends Message>> all = new ArrayList<>();
    all.addAll(bus.getInInterceptors());
    all.addAll(bus.getOutInterceptors());
    all.addAll(bus.getInFaultInterceptors());
    all.addAll(bus.getOutFaultInterceptors());
    return all;
  }

  private static Element element(String xml) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(xml)))
        .getDocumentElement();
  }

  /** Records the names of the interceptors on the chain of the requests it sees. */
  private static final class ChainRecorder extends AbstractPhaseInterceptor<Message> {
    final List<String> seen = new CopyOnWriteArrayList<>();

    ChainRecorder() {
      super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(Message message) {
      message.getInterceptorChain().forEach(i -> seen.add(i.getClass().getName()));
    }
  }
}
