package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import java.util.EnumMap;
import java.util.Map;

/**
 * The time model of the remote bindings the {@link Predictor}'s time vote uses: a {@link
 * BindingCost} for RMI and one for SOAP, and where they come from. The report's predictor compares
 * sizes only, which assumes both bindings spend the same time per byte and nothing per call; this
 * model drops that assumption (its second observation: SOAP's fixed cost per call is far higher).
 *
 * <p>The constants come from {@link #defaults()} (measured once, documented there), from {@code
 * cost} lines of the rule file ({@link PolicyRules#costs()}), from {@link #with}, or from a {@link
 * Calibration} run against the bindings themselves at deployment.
 *
 * @param rmi RMI's cost
 * @param soap SOAP's cost
 * @param source where the constants come from, for {@link BindingProxy#explain()}
 */
public record CostModel(BindingCost rmi, BindingCost soap, String source) {

  /**
   * RMI's default fixed cost per call: 105 µs. The four defaults were measured once by a {@link
   * Calibration} on loopback (how, and on what machine: the module's README); a deployment whose
   * machines differ calibrates, or sets its own in the rule file.
   */
  public static final double DEFAULT_RMI_FIXED_MICROS = 105;

  /** RMI's default cost per estimated byte: 13.4 ns. */
  public static final double DEFAULT_RMI_NANOS_PER_BYTE = 13.4;

  /** SOAP's default fixed cost per call: 1,390 µs. */
  public static final double DEFAULT_SOAP_FIXED_MICROS = 1_390;

  /** SOAP's default cost per estimated byte: 42.8 ns. */
  public static final double DEFAULT_SOAP_NANOS_PER_BYTE = 42.8;

  /** Checks the parts. */
  public CostModel {
    requireNonNull(rmi, "rmi");
    requireNonNull(soap, "soap");
    requireNonNull(source, "source");
  }

  /** The documented defaults ({@code DEFAULT_*} above). */
  public static CostModel defaults() {
    return new CostModel(
        new BindingCost(DEFAULT_RMI_FIXED_MICROS, DEFAULT_RMI_NANOS_PER_BYTE),
        new BindingCost(DEFAULT_SOAP_FIXED_MICROS, DEFAULT_SOAP_NANOS_PER_BYTE),
        "defaults");
  }

  /**
   * This model with {@code kind}'s cost replaced.
   *
   * @throws IllegalArgumentException if {@code kind} is not RMI or SOAP
   */
  public CostModel with(BindingKind kind, BindingCost cost, String source) {
    requireNonNull(cost, "cost");
    requireNonNull(source, "source");
    return switch (remote(kind)) {
      case RMI -> new CostModel(cost, soap, source);
      default -> new CostModel(rmi, cost, source);
    };
  }

  /** This model with every cost in {@code costs} replaced, said to come from {@code source}. */
  public CostModel with(Map<BindingKind, BindingCost> costs, String source) {
    CostModel model = this;
    for (Map.Entry<BindingKind, BindingCost> e : new EnumMap<>(costs).entrySet()) {
      model = model.with(e.getKey(), e.getValue(), source);
    }
    return model;
  }

  /**
   * The cost of {@code kind}.
   *
   * @throws IllegalArgumentException if {@code kind} is not RMI or SOAP
   */
  public BindingCost cost(BindingKind kind) {
    return remote(kind) == BindingKind.RMI ? rmi : soap;
  }

  /** The predicted time of an RMI call whose messages have {@code sizes}, in microseconds. */
  public double rmiMicros(MessageSizes sizes) {
    return rmi.micros(sizes.rmi());
  }

  /** The predicted time of a SOAP call whose messages have {@code sizes}, in microseconds. */
  public double soapMicros(MessageSizes sizes) {
    return soap.micros(sizes.soap());
  }

  /** One line, e.g. {@code rmi 105.0 µs + 13.40 ns/B, soap 1,390.0 µs + 42.80 ns/B (defaults)}. */
  public String describe() {
    return "rmi " + rmi.describe() + ", soap " + soap.describe() + " (" + source + ")";
  }

  private static BindingKind remote(BindingKind kind) {
    requireNonNull(kind, "kind");
    if (kind != BindingKind.RMI && kind != BindingKind.SOAP) {
      throw new IllegalArgumentException(
          "kind: " + kind + " (expected: rmi or soap, the bindings the cost model covers)");
    }
    return kind;
  }
}
