package io.wsqos.broker.soap;

import static io.wsqos.broker.soap.SoapFixture.client;
import static io.wsqos.broker.soap.SoapFixture.fault;
import static io.wsqos.broker.soap.SoapFixture.post;
import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.broker.BrokerStack;
import io.wsqos.broker.soap.SoapFixture.RawFault;
import org.junit.jupiter.api.Test;

/** A broker with closed reads: the SOAP caller's token decides reads too. */
class SoapClosedReadsTest {

  @Test
  void readsTakeATokenWhenTheServiceClosesThem() throws Exception {
    try (BrokerStack stack = BrokerStack.withClosedReads()) {
      String address = stack.soapAddress();
      ProviderToken acme = client(address, BrokerSoapTest.ADMIN_TOKEN).registerProvider("Acme");
      String read = "<b:getProvider><id>" + acme.provider.id + "</id></b:getProvider>";

      RawFault anonymous = fault(post(address, read, null));
      assertThat(anonymous.faultcode()).isEqualTo("Client");
      assertThat(anonymous.kind()).isEqualTo("unauthenticated");
      assertThat(client(address, acme.token).getProvider(acme.provider.id).name).isEqualTo("Acme");
      assertThat(client(address, acme.token).listProviders(0, 10).items).hasSize(1);
    }
  }
}
