package io.wsqos.broker.rest;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The REST API's JSON reader and writer: {@link io.wsqos.broker.api.json.BrokerJson}'s mapper, and
 * a request body in which an object names a field twice is refused ({@link
 * DuplicateFieldException}, a 400 naming the field) instead of the last value silently winning, as
 * is one with a second value after the first ({@link SecondValueException}), which Jackson reports
 * only as a mismatch of types.
 */
final class StrictJsonProvider extends JacksonJsonProvider {

  StrictJsonProvider(ObjectMapper mapper) {
    super(mapper);
  }

  @Override
  protected JsonParser _createParser(ObjectReader reader, InputStream in) throws IOException {
    return new StrictParser(super._createParser(reader, in));
  }

  /** A field named twice in one object; {@link #field()} is its path, e.g. {@code terms.price}. */
  static final class DuplicateFieldException extends JsonParseException {

    private static final long serialVersionUID = 1L;

    private final String field;

    DuplicateFieldException(JsonParser parser, String field) {
      super(parser, field + ": twice (expected: each field once)");
      this.field = field;
    }

    String field() {
      return field;
    }
  }

  /**
   * A JSON value after the body's first, e.g. {@code {"name":"a"}{"name":"b"}}; its location is
   * where the second value starts.
   */
  static final class SecondValueException extends JsonParseException {

    private static final long serialVersionUID = 1L;

    SecondValueException(JsonParser parser) {
      super(parser, "a second JSON value follows the first", parser.currentTokenLocation());
    }
  }

  /**
   * Keeps the names seen in each open object, and whether the body's one value has been read.
   * Jackson's own duplicate detection says so only in its message, its check for trailing tokens
   * throws a mismatch of types, and its refusal of a number too long has no location; this one
   * throws types that say what was wrong, and where.
   */
  private static final class StrictParser extends JsonParserDelegate {

    private static final Set<String> IN_ARRAY = Set.of();

    private final ArrayDeque<Set<String>> open = new ArrayDeque<>();

    // The first value at the root has been read whole.
    private boolean read;

    StrictParser(JsonParser parser) {
      super(parser);
    }

    @Override
    public JsonToken nextToken() throws IOException {
      JsonToken token;
      try {
        token = delegate.nextToken();
      } catch (StreamConstraintsException tooLong) {
        // Jackson's refusal of a number or name too long says not where: this one does.
        throw new StreamConstraintsException(
            tooLong.getOriginalMessage(), delegate.currentLocation());
      }
      if (token == null) {
        return null;
      }
      if (read) {
        throw new SecondValueException(this);
      }
      switch (token) {
        case START_OBJECT -> open.push(new HashSet<>());
        case START_ARRAY -> open.push(IN_ARRAY);
        case END_OBJECT, END_ARRAY -> open.pop();
        case FIELD_NAME -> {
          if (!open.isEmpty() && !open.peek().add(delegate.currentName())) {
            throw new DuplicateFieldException(this, path(delegate.getParsingContext()));
          }
        }
        default -> {}
      }
      read = open.isEmpty(); // a value at the root, or the end of the root's object or array
      return token;
    }

    // The delegate's own versions read past this class's bookkeeping.

    @Override
    public JsonToken nextValue() throws IOException {
      JsonToken token = nextToken();
      return token == JsonToken.FIELD_NAME ? nextToken() : token;
    }

    @Override
    public JsonParser skipChildren() throws IOException {
      JsonToken token = currentToken();
      if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
        return this;
      }
      for (int depth = 1; depth > 0; ) {
        JsonToken next = nextToken();
        if (next == null) {
          return this;
        }
        if (next.isStructStart()) {
          depth++;
        } else if (next.isStructEnd()) {
          depth--;
        }
      }
      return this;
    }

    private static String path(JsonStreamContext context) {
      List<String> steps = new ArrayList<>();
      for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
        steps.add(c.inArray() ? "[" + c.getCurrentIndex() + "]" : c.getCurrentName());
      }
      StringBuilder path = new StringBuilder();
      for (int i = steps.size() - 1; i >= 0; i--) {
        String step = steps.get(i);
        if (path.length() > 0 && !step.startsWith("[")) {
          path.append('.');
        }
        path.append(step);
      }
      return path.toString();
    }
  }
}
