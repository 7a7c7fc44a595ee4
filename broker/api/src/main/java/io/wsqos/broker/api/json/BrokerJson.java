package io.wsqos.broker.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.wsqos.broker.api.Binding;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.OfferTerms;
import io.wsqos.core.Checks;
import io.wsqos.core.InvalidValueException;
import io.wsqos.core.header.TransportPriority;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.Currency;
import java.util.Set;
import java.util.function.Function;
import javax.xml.namespace.QName;

/**
 * The broker's JSON mapping, one for its REST API and its Java client: records as objects of their
 * components, a {@link QName} as its Clark string {@code {namespace}local}, a {@link Currency} as
 * its ISO 4217 code, an {@link Instant} as ISO-8601 text, a {@link BigDecimal} as an exact number
 * (read without going through a double, or from a string such as {@code "0.10"}), {@link Binding}
 * and {@link TransportPriority} as their tokens ({@code soap11}, {@code best-effort}). Unknown
 * properties are refused, and so is a null for a number or a boolean.
 *
 * <p>{@link OfferTerms} in a request may leave out what has a default in {@link
 * OfferTerms.Builder}: {@code transportPriorities} (best effort), {@code compression} (false),
 * {@code validFrom} (the epoch), {@code validUntil} (none). A value's refusal ({@link
 * InvalidValueException}) comes out of the mapper as a {@link JsonMappingException} whose path
 * leads to the value (the terms, a currency, a record) and whose cause is the refusal, its field
 * relative to that path ({@code price} of the {@code terms}, or empty where the path names the
 * value itself, as for a currency). Integers are read from integers only: {@code 1.7} (and {@code
 * 1.0}) for an id or a number of milliseconds is refused, not truncated.
 */
public final class BrokerJson {

  private BrokerJson() {}

  /** A new mapper configured as the class Javadoc says; share it, it is thread-safe once built. */
  public static ObjectMapper newMapper() {
    SimpleModule broker = new SimpleModule("wsqos-broker");
    broker.addSerializer(QName.class, toText(QName::toString));
    broker.addDeserializer(QName.class, fromText(QName.class, BrokerJson::qname));
    broker.addSerializer(Currency.class, toText(Currency::getCurrencyCode));
    broker.addDeserializer(Currency.class, fromText(Currency.class, OfferTerms::currency));
    broker.addSerializer(Binding.class, toText(Binding::token));
    broker.addDeserializer(
        Binding.class,
        fromText(
            Binding.class,
            token ->
                Binding.fromToken(token)
                    .orElseThrow(() -> Checks.invalidText("binding", token, "soap11 or soap12"))));
    broker.addSerializer(TransportPriority.class, toText(TransportPriority::token));
    broker.addDeserializer(
        TransportPriority.class,
        fromText(
            TransportPriority.class,
            token ->
                TransportPriority.fromToken(token)
                    .orElseThrow(
                        () ->
                            Checks.invalidText(
                                "transportPriority", token, "best-effort, assured or expedited"))));
    broker.addDeserializer(BigDecimal.class, new DecimalDeserializer());
    // Jackson's own URI reader trims the text, control characters included: this one keeps it.
    broker.addDeserializer(URI.class, fromText(URI.class, BrokerJson::uri));
    broker.addDeserializer(Instant.class, new InstantDeserializer());
    broker.addDeserializer(OfferTerms.class, new TermsDeserializer());
    return JsonMapper.builder()
        .addModule(new Jdk8Module())
        .addModule(new JavaTimeModule())
        .addModule(broker)
        // A candidate without measurements or a receipt leaves them out rather than write nulls.
        .withConfigOverride(
            Candidate.class,
            o ->
                o.setInclude(
                    JsonInclude.Value.construct(
                        JsonInclude.Include.NON_ABSENT, JsonInclude.Include.NON_ABSENT)))
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
        .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
        .withCoercionConfig(
            LogicalType.Textual,
            text ->
                text.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        // 1.7 is no id: an integer field takes an integer, not a number it would truncate.
        .withCoercionConfig(
            LogicalType.Integer,
            integer -> integer.setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
        .build();
  }

  /**
   * The port type written as {@code {namespace}local} (or {@code local} for no namespace), as
   * {@link QName#toString()} writes it.
   *
   * @throws InvalidValueException naming {@code portType} if {@code text} is not of that form
   */
  public static QName qname(String text) {
    if (text.isEmpty()
        || (text.charAt(0) != '{' && (text.indexOf('{') >= 0 || text.indexOf('}') >= 0))) {
      throw Checks.invalidText("portType", text, "{namespace}local or local");
    }
    if (text.charAt(0) != '{') {
      return new QName(text);
    }
    int close = text.indexOf('}');
    if (close < 0 || close == text.length() - 1 || text.indexOf('}', close + 1) >= 0) {
      throw Checks.invalidText("portType", text, "{namespace}local or local");
    }
    return new QName(text.substring(1, close), text.substring(close + 1));
  }

  private static URI uri(String text) {
    try {
      return new URI(text);
    } catch (URISyntaxException e) {
      throw Checks.invalidText("", text, "a URL");
    }
  }

  /** An instant from its ISO-8601 text only: a number would be read as seconds since 1970. */
  private static final class InstantDeserializer extends JsonDeserializer<Instant> {
    @Override
    public Instant deserialize(JsonParser in, DeserializationContext context) throws IOException {
      if (in.currentToken() != JsonToken.VALUE_STRING) {
        return (Instant) context.handleUnexpectedToken(Instant.class, in);
      }
      return com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer.INSTANT.deserialize(
          in, context);
    }
  }

  private static <T> JsonSerializer<T> toText(Function<T, String> text) {
    return new JsonSerializer<>() {
      @Override
      public void serialize(T value, JsonGenerator out, SerializerProvider serializers)
          throws IOException {
        out.writeString(text.apply(value));
      }
    };
  }

  private static <T> JsonDeserializer<T> fromText(Class<T> type, Function<String, T> parse) {
    return new JsonDeserializer<>() {
      @Override
      public T deserialize(JsonParser in, DeserializationContext context) throws IOException {
        if (in.currentToken() != JsonToken.VALUE_STRING) {
          return type.cast(context.handleUnexpectedToken(type, in));
        }
        try {
          return parse.apply(in.getText());
        } catch (InvalidValueException e) {
          // The mapper's path leads to this value and names it: the cause's field is relative.
          throw JsonMappingException.from(in, e.getMessage(), e.unnamed());
        }
      }
    };
  }

  /**
   * A decimal from a JSON number, read exactly, or from a string such as {@code "0.10"}, which a
   * client whose numbers are doubles can send without rounding.
   */
  private static final class DecimalDeserializer extends JsonDeserializer<BigDecimal> {
    @Override
    public BigDecimal deserialize(JsonParser in, DeserializationContext context)
        throws IOException {
      JsonToken token = in.currentToken();
      try {
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
          if (in.getTextLength() > Checks.MAX_DECIMAL_CHARS) {
            throw new InvalidValueException(
                "",
                in.getTextLength() + " characters",
                "a decimal of at most " + Checks.MAX_DECIMAL_CHARS);
          }
          return in.getDecimalValue();
        }
        if (token == JsonToken.VALUE_STRING) {
          return Checks.decimal("", in.getText());
        }
      } catch (InvalidValueException e) {
        // The mapper's path leads to this value and names it: the cause's field is relative.
        throw JsonMappingException.from(in, e.getMessage(), e.unnamed());
      }
      return (BigDecimal) context.handleUnexpectedToken(BigDecimal.class, in);
    }
  }

  /** The terms as a request sends them: what has a default may be left out. */
  private record TermsFields(
      BigDecimal price,
      Currency currency,
      Long maxResponseTimeMillis,
      Double availability,
      Double throughputPerSecond,
      Set<TransportPriority> transportPriorities,
      Boolean compression,
      Instant validFrom,
      Instant validUntil) {}

  private static final class TermsDeserializer extends JsonDeserializer<OfferTerms> {
    @Override
    public OfferTerms deserialize(JsonParser in, DeserializationContext context)
        throws IOException {
      TermsFields fields = context.readValue(in, TermsFields.class);
      try {
        if (fields.transportPriorities() != null && fields.transportPriorities().contains(null)) {
          throw new InvalidValueException("transportPriorities", "null", "a class");
        }
        OfferTerms.Builder terms = OfferTerms.builder();
        if (fields.price() != null || fields.currency() != null) {
          if (fields.price() == null) {
            throw new InvalidValueException("price", "missing", "a value");
          }
          if (fields.currency() == null) {
            throw new InvalidValueException("currency", "missing", "a value");
          }
          terms.price(fields.price(), fields.currency());
        }
        if (fields.maxResponseTimeMillis() != null) {
          terms.maxResponseTimeMillis(fields.maxResponseTimeMillis());
        }
        if (fields.availability() != null) {
          terms.availability(fields.availability());
        }
        if (fields.throughputPerSecond() != null) {
          terms.throughputPerSecond(fields.throughputPerSecond());
        }
        if (fields.transportPriorities() != null) {
          terms.transportPriorities(fields.transportPriorities());
        }
        if (fields.compression() != null) {
          terms.compression(fields.compression());
        }
        if (fields.validFrom() != null) {
          terms.validFrom(fields.validFrom());
        }
        if (fields.validUntil() != null) {
          terms.validUntil(fields.validUntil());
        }
        return terms.build();
      } catch (InvalidValueException e) {
        // The path leads to the terms: the cause names the term, relative to it.
        throw JsonMappingException.from(in, e.getMessage(), e);
      }
    }
  }
}
