package io.wsqos.examples.bookstore;

import static java.util.Objects.requireNonNull;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;

/** The detail of an {@link InvalidRequestFault}: which argument was wrong and what was expected. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(
    name = "InvalidRequest",
    propOrder = {"argument", "value", "expected"})
public final class InvalidRequest {

  private String argument;
  private String value;
  private String expected;

  /** For JAXB only. */
  InvalidRequest() {}

  /** Creates the detail for one wrong argument. */
  public InvalidRequest(String argument, String value, String expected) {
    this.argument = requireNonNull(argument, "argument");
    this.value = requireNonNull(value, "value");
    this.expected = requireNonNull(expected, "expected");
  }

  /** The name of the wrong argument, e.g. {@code isbn}. */
  public String argument() {
    return argument;
  }

  /** The value received, as text; empty when the argument was missing. */
  public String value() {
    return value;
  }

  /** What a valid value looks like. */
  public String expected() {
    return expected;
  }
}
