package io.wsqos.broker.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.wsqos.broker.api.Candidate;
import io.wsqos.broker.api.json.BrokerJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes a {@link Candidate} as the JSON {@link BrokerJson} gives it, rendered once per candidate
 * object and then copied as bytes. A selection answers with candidate objects that live in the
 * offer index until their offer, endpoint, service or provider changes, so a selection's answer is
 * mostly copies of JSON rendered when its candidates were first selected. Renderings are held by
 * the candidate's identity and weakly, so they go when the index lets their candidate go.
 */
final class RenderedCandidates extends JsonSerializer<Candidate> {

  private final ObjectWriter plain = BrokerJson.newMapper().writerFor(Candidate.class);
  // Maintenance (dropping collected candidates) runs on the selecting thread, a little at a time:
  // handed to the common pool, it woke one of its threads for every few selections.
  private final Cache<Candidate, SerializedString> rendered =
      Caffeine.newBuilder().weakKeys().executor(Runnable::run).build();

  /** A mapper as {@link BrokerJson#newMapper()} makes it, writing candidates through this. */
  ObjectMapper mapper() {
    SimpleModule module = new SimpleModule("wsqos-broker-rendered-candidates");
    module.addSerializer(Candidate.class, this);
    return BrokerJson.newMapper().registerModule(module);
  }

  @Override
  public void serialize(Candidate candidate, JsonGenerator out, SerializerProvider serializers)
      throws IOException {
    out.writeRawValue(rendered.get(candidate, this::render));
  }

  private SerializedString render(Candidate candidate) {
    try {
      // Rendered as bytes, as the JSON provider writes: non-BMP characters come out escaped.
      return new SerializedString(
          new String(plain.writeValueAsBytes(candidate), StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Candidates rendered and still held: for tests. */
  long size() {
    rendered.cleanUp();
    return rendered.estimatedSize();
  }
}
