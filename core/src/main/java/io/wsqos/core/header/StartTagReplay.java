package io.wsqos.core.header;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;

/**
 * A reader that can pass on one start tag from a copy while the reader under it has moved past it:
 * between {@link #replay} and the next {@link #next()}, every accessor answers from the copy. The
 * {@link TakingReader} passes on a {@code soap:Header}'s start tag this way after reading ahead.
 */
abstract class StartTagReplay extends StreamReaderDelegate {

  private StartTag replay;

  StartTagReplay(XMLStreamReader reader) {
    super(reader);
  }

  /** Makes {@code tag} the current event until the next call of {@link #next()}. */
  final void replay(StartTag tag) {
    replay = tag;
  }

  /**
   * Ends a replay: says whether one was under way, in which case the current event is now the
   * underlying reader's.
   */
  final boolean endReplay() {
    boolean replaying = replay != null;
    replay = null;
    return replaying;
  }

  // While the header's start tag is passed on from its copy, the copy answers.

  @Override
  public int getEventType() {
    return replay != null ? XMLStreamConstants.START_ELEMENT : super.getEventType();
  }

  @Override
  public boolean isStartElement() {
    return replay != null || super.isStartElement();
  }

  @Override
  public boolean isEndElement() {
    return replay == null && super.isEndElement();
  }

  @Override
  public boolean isCharacters() {
    return replay == null && super.isCharacters();
  }

  @Override
  public boolean isWhiteSpace() {
    return replay == null && super.isWhiteSpace();
  }

  @Override
  public boolean hasName() {
    return replay != null || super.hasName();
  }

  @Override
  public boolean hasText() {
    return replay == null && super.hasText();
  }

  @Override
  public boolean hasNext() throws XMLStreamException {
    return replay != null || super.hasNext();
  }

  @Override
  public QName getName() {
    return replay != null ? replay.name() : super.getName();
  }

  @Override
  public String getLocalName() {
    return replay != null ? replay.name().getLocalPart() : super.getLocalName();
  }

  @Override
  public String getNamespaceURI() {
    return replay != null ? replay.name().getNamespaceURI() : super.getNamespaceURI();
  }

  @Override
  public String getPrefix() {
    return replay != null ? replay.name().getPrefix() : super.getPrefix();
  }

  @Override
  public int getNamespaceCount() {
    return replay != null ? replay.namespacePrefixes().length : super.getNamespaceCount();
  }

  @Override
  public String getNamespacePrefix(int index) {
    return replay != null ? replay.namespacePrefixes()[index] : super.getNamespacePrefix(index);
  }

  @Override
  public String getNamespaceURI(int index) {
    return replay != null ? replay.namespaceUris()[index] : super.getNamespaceURI(index);
  }

  @Override
  public int getAttributeCount() {
    return replay != null ? replay.attributeNames().length : super.getAttributeCount();
  }

  @Override
  public QName getAttributeName(int index) {
    return replay != null ? replay.attributeNames()[index] : super.getAttributeName(index);
  }

  @Override
  public String getAttributeNamespace(int index) {
    return replay != null
        ? replay.attributeNames()[index].getNamespaceURI()
        : super.getAttributeNamespace(index);
  }

  @Override
  public String getAttributeLocalName(int index) {
    return replay != null
        ? replay.attributeNames()[index].getLocalPart()
        : super.getAttributeLocalName(index);
  }

  @Override
  public String getAttributePrefix(int index) {
    return replay != null
        ? replay.attributeNames()[index].getPrefix()
        : super.getAttributePrefix(index);
  }

  @Override
  public String getAttributeType(int index) {
    return replay != null ? "CDATA" : super.getAttributeType(index);
  }

  @Override
  public String getAttributeValue(int index) {
    return replay != null ? replay.attributeValues()[index] : super.getAttributeValue(index);
  }

  @Override
  public boolean isAttributeSpecified(int index) {
    return replay != null || super.isAttributeSpecified(index);
  }

  @Override
  public String getAttributeValue(String namespaceUri, String localName) {
    if (replay == null) {
      return super.getAttributeValue(namespaceUri, localName);
    }
    QName[] names = replay.attributeNames();
    for (int i = 0; i < names.length; i++) {
      if (names[i].getLocalPart().equals(localName)
          && (namespaceUri == null || namespaceUri.equals(names[i].getNamespaceURI()))) {
        return replay.attributeValues()[i];
      }
    }
    return null;
  }

  @Override
  public String getText() {
    notOnTheCopy();
    return super.getText();
  }

  @Override
  public char[] getTextCharacters() {
    notOnTheCopy();
    return super.getTextCharacters();
  }

  @Override
  public int getTextCharacters(int sourceStart, char[] target, int targetStart, int length)
      throws XMLStreamException {
    notOnTheCopy();
    return super.getTextCharacters(sourceStart, target, targetStart, length);
  }

  @Override
  public int getTextStart() {
    notOnTheCopy();
    return super.getTextStart();
  }

  @Override
  public int getTextLength() {
    notOnTheCopy();
    return super.getTextLength();
  }

  @Override
  public String getElementText() throws XMLStreamException {
    if (replay != null) {
      // The header holds an element: what a reader says for an element inside a text-only one.
      throw new XMLStreamException("soap:Header holds elements, not text", getLocation());
    }
    return super.getElementText();
  }

  private void notOnTheCopy() {
    if (replay != null) {
      throw new IllegalStateException("the current event is a start tag, which has no text");
    }
  }

  /** A copy of a start tag: its name, the namespaces it declares and its attributes. */
  record StartTag(
      QName name,
      String[] namespacePrefixes,
      String[] namespaceUris,
      QName[] attributeNames,
      String[] attributeValues) {

    static StartTag of(XMLStreamReader reader) {
      int namespaces = reader.getNamespaceCount();
      String[] prefixes = new String[namespaces];
      String[] uris = new String[namespaces];
      for (int i = 0; i < namespaces; i++) {
        prefixes[i] = reader.getNamespacePrefix(i);
        uris[i] = reader.getNamespaceURI(i);
      }
      int attributes = reader.getAttributeCount();
      QName[] names = new QName[attributes];
      String[] values = new String[attributes];
      for (int i = 0; i < attributes; i++) {
        names[i] = reader.getAttributeName(i);
        values[i] = reader.getAttributeValue(i);
      }
      return new StartTag(reader.getName(), prefixes, uris, names, values);
    }
  }
}
