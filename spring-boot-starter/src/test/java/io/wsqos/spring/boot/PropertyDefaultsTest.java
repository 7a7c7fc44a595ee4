package io.wsqos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.wsqos.core.compression.CompressionFeature;
import io.wsqos.monitor.QosLog;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.diagnosis.Diagnosis;
import io.wsqos.monitor.diagnosis.NetworkLossRule;
import io.wsqos.monitor.reconfiguration.ReroutingFeature;
import org.junit.jupiter.api.Test;

/**
 * The properties' defaults, written as literals so that the configuration processor can put them in
 * the metadata, are the builders' own defaults.
 */
class PropertyDefaultsTest {

  private final WsQosProperties properties = new WsQosProperties();

  @Test
  void theDiagnosisDefaultsAreTheDiagnosisBuilders() {
    WsQosProperties.Monitor.Diagnosis diagnosis = properties.getMonitor().getDiagnosis();

    assertThat(diagnosis.isEnabled()).isFalse();
    assertThat(diagnosis.getWindow().toMillis()).isEqualTo(Diagnosis.DEFAULT_WINDOW_MILLIS);
    assertThat(diagnosis.getSide()).isEqualTo(Side.REQUESTER);
    assertThat(diagnosis.getMaxSamplesPerWindow())
        .isEqualTo(Diagnosis.DEFAULT_MAX_SAMPLES_PER_WINDOW);
    assertThat(diagnosis.getP95ResponseTime().getThreshold().toMillis())
        .isEqualTo(Diagnosis.DEFAULT_P95_THRESHOLD_MILLIS);
    assertThat(diagnosis.getAvailability().getFloor())
        .isEqualTo(Diagnosis.DEFAULT_AVAILABILITY_FLOOR);
    assertThat(diagnosis.getAvailability().getMinRequests())
        .isEqualTo(Diagnosis.DEFAULT_MIN_REQUESTS);
    assertThat(diagnosis.getCommunication().getMinShare())
        .isEqualTo(Diagnosis.DEFAULT_COMMUNICATION_SHARE);
    assertThat(diagnosis.getCommunication().getMinMeanResponse().toMillis())
        .isEqualTo(Diagnosis.DEFAULT_MIN_MEAN_RESPONSE_MILLIS);
    assertThat(
            new int[] {
              diagnosis.getP95ResponseTime().getConsecutiveWindows(),
              diagnosis.getAvailability().getConsecutiveWindows(),
              diagnosis.getCommunication().getConsecutiveWindows(),
              diagnosis.getNetworkLoss().getConsecutiveWindows()
            })
        .containsOnly(Diagnosis.DEFAULT_CONSECUTIVE_WINDOWS);
    assertThat(diagnosis.getP95ResponseTime().isEnabled()).isTrue();
    assertThat(diagnosis.getAvailability().isEnabled()).isTrue();
    assertThat(diagnosis.getCommunication().isEnabled()).isTrue();
    assertThat(diagnosis.getNetworkLoss().isEnabled()).isTrue();
    assertThat(diagnosis.getNetworkLoss().getMinRto().toMillis())
        .isEqualTo(NetworkLossRule.DEFAULT_MIN_RTO_MILLIS);
    assertThat(diagnosis.getNetworkLoss().getMinLoss()).isEqualTo(NetworkLossRule.DEFAULT_MIN_LOSS);
    assertThat(diagnosis.getNetworkLoss().getMinExchanges())
        .isEqualTo(NetworkLossRule.DEFAULT_MIN_EXCHANGES);
  }

  @Test
  void theReroutingDefaultsAreTheReroutingFeatureBuilders() {
    WsQosProperties.Monitor.Rerouting rerouting = properties.getMonitor().getRerouting();

    assertThat(rerouting.isEnabled()).isFalse();
    assertThat(rerouting.getSource()).isEqualTo(WsQosProperties.Monitor.Rerouting.Source.STATIC);
    assertThat(rerouting.getCooldown().toMillis())
        .isEqualTo(ReroutingFeature.DEFAULT_COOLDOWN_MILLIS);
    assertThat(rerouting.getProbeInterval().toMillis())
        .isEqualTo(ReroutingFeature.DEFAULT_PROBE_INTERVAL_MILLIS);
    assertThat(rerouting.getProbeTimeout().toMillis())
        .isEqualTo(ReroutingFeature.DEFAULT_PROBE_TIMEOUT_MILLIS);
    assertThat(rerouting.getMaxRetries()).isEqualTo(ReroutingFeature.DEFAULT_MAX_RETRIES);
    assertThat(rerouting.getIdempotent()).isEmpty();
    assertThat(rerouting.isRerouteOnNetworkLoss())
        .isEqualTo(ReroutingFeature.DEFAULT_REROUTE_ON_NETWORK_LOSS);
  }

  @Test
  void theMonitorsIntervalsAreTheLogBuilders() {
    assertThat(properties.getMonitor().getFlushInterval().toMillis())
        .isEqualTo(QosLog.DEFAULT_FLUSH_INTERVAL_MILLIS);
    assertThat(properties.getMonitor().getStoreInterval().toMillis())
        .isEqualTo(QosLog.DEFAULT_STORE_INTERVAL_MILLIS);
  }

  @Test
  void theCompressionDefaultIsTheFeatures() {
    assertThat(properties.getCompression().getMinBodyBytes())
        .isEqualTo(CompressionFeature.DEFAULT_MIN_BODY_BYTES);
  }
}
