package io.wsqos.binding;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.server.RemoteObject;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * A JRMP call written by hand, as an attacker who found an exported object would send it: the
 * call's header through an {@link ObjectOutputStream} (the object's id, the method's hash), then
 * argument bytes written directly, so that a stream can declare what no real object would serialize
 * to, such as an array whose elements never follow. The reply is read as RMI's client reads it.
 */
final class RawRmiCall {

  private static final int SOCKET_TIMEOUT_MILLIS = 30_000;
  private static final byte TC_NULL = 0x70;
  private static final byte TC_CLASSDESC = 0x72;
  private static final byte TC_STRING = 0x74;
  private static final byte TC_ARRAY = 0x75;
  private static final byte TC_ENDBLOCKDATA = 0x78;
  private static final byte SC_SERIALIZABLE = 0x02;

  private static final byte TC_OBJECT = 0x73;
  private static final byte TC_BLOCKDATA = 0x77;
  private static final byte SC_WRITE_METHOD = 0x01;

  private final Endpoint endpoint;
  private final long methodHash;
  private final ByteArrayOutputStream arguments = new ByteArrayOutputStream();
  private final DataOutputStream out = new DataOutputStream(arguments);

  /** Where an exported object listens, and its id there. */
  private record Endpoint(String host, int port, byte[] objectId) {}

  private RawRmiCall(Endpoint endpoint, long methodHash) {
    this.endpoint = endpoint;
    this.methodHash = methodHash;
  }

  /** A call of {@code method} on the object {@code stub} stands for. */
  static RawRmiCall to(Remote stub, Method method) {
    return new RawRmiCall(endpoint(stub), methodHash(method));
  }

  /** Appends a string argument. */
  RawRmiCall string(String value) {
    try {
      out.writeByte(TC_STRING);
      out.writeUTF(value);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Appends the start of an array of {@code arrayType} that declares {@code length} elements; what
   * is appended next is its first element.
   */
  RawRmiCall array(Class<?> arrayType, int length) {
    try {
      out.writeByte(TC_ARRAY);
      out.writeByte(TC_CLASSDESC);
      out.writeUTF(arrayType.getName());
      out.writeLong(ObjectStreamClass.lookup(arrayType).getSerialVersionUID());
      out.writeByte(SC_SERIALIZABLE);
      out.writeShort(0); // no fields
      out.writeByte(TC_NULL); // RMI's class annotation: no codebase
      out.writeByte(TC_ENDBLOCKDATA);
      out.writeByte(TC_NULL); // no superclass
      out.writeInt(length);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Appends a {@code java.util.HashMap} that declares {@code mappings} entries; what is appended
   * next is its first key.
   */
  RawRmiCall hashMap(int mappings) {
    try {
      out.writeByte(TC_OBJECT);
      out.writeByte(TC_CLASSDESC);
      out.writeUTF("java.util.HashMap");
      out.writeLong(ObjectStreamClass.lookup(java.util.HashMap.class).getSerialVersionUID());
      out.writeByte(SC_SERIALIZABLE | SC_WRITE_METHOD);
      out.writeShort(2);
      out.writeByte('F');
      out.writeUTF("loadFactor");
      out.writeByte('I');
      out.writeUTF("threshold");
      out.writeByte(TC_NULL);
      out.writeByte(TC_ENDBLOCKDATA);
      out.writeByte(TC_NULL); // AbstractMap is not serializable
      out.writeFloat(0.75f);
      out.writeInt(0);
      out.writeByte(TC_BLOCKDATA);
      out.writeByte(8);
      out.writeInt(1); // buckets, ignored by the reader
      out.writeInt(mappings);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bytes of the call's serialized stream: its header and the arguments appended. */
  byte[] stream() {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      ObjectOutputStream header = new ObjectOutputStream(bytes);
      header.write(endpoint.objectId());
      header.writeInt(-1); // no operation number: the method is named by its hash
      header.writeLong(methodHash);
      header.flush();
      bytes.write(arguments.toByteArray());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sends the call to the object on a connection of its own (JRMP's single-operation protocol),
   * ends the stream there, and returns what the server answered.
   *
   * @return the exception the server returned, or null for a normal return
   */
  Throwable send() throws IOException, ClassNotFoundException {
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(endpoint.host(), endpoint.port()), SOCKET_TIMEOUT_MILLIS);
      socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
      OutputStream raw = socket.getOutputStream();
      DataOutputStream message = new DataOutputStream(raw);
      message.writeInt(0x4a524d49); // "JRMI"
      message.writeShort(2); // version
      message.writeByte(0x4c); // single-operation protocol
      message.writeByte(0x50); // call
      message.write(stream());
      message.flush();
      socket.shutdownOutput();
      InputStream in = socket.getInputStream();
      int reply = in.read();
      if (reply != 0x51) {
        throw new IOException("reply " + reply + " (expected: 0x51, a return)");
      }
      ObjectInputStream result = new AnnotatedInputStream(in);
      byte kind = result.readByte();
      result.skipNBytes(14); // the server's UID, for distributed GC
      Object value = result.readObject();
      return kind == 2 ? (Throwable) value : null;
    }
  }

  /**
   * Where the stub's object is, as its reference writes it: a format byte, the host, the port and
   * the client socket factory (an object), then the object id (a number, 8 bytes, and a UID, 4 + 8
   * + 2) and one boolean.
   */
  private static Endpoint endpoint(Remote stub) {
    RemoteObject handler = (RemoteObject) Proxy.getInvocationHandler(stub);
    Recorder recorder = new Recorder();
    try {
      handler.getRef().writeExternal(recorder);
      DataInputStream address =
          new DataInputStream(new ByteArrayInputStream(recorder.beforeObject));
      address.readByte();
      String host = address.readUTF();
      int port = address.readInt();
      byte[] after = recorder.bytes.toByteArray();
      return new Endpoint(host, port, Arrays.copyOfRange(after, 0, 22));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** RMI's method hash: the first 8 bytes of SHA-1 over the name and descriptor, little-endian. */
  private static long methodHash(Method method) {
    String signature =
        method.getName()
            + MethodType.methodType(method.getReturnType(), method.getParameterTypes())
                .toMethodDescriptorString();
    try {
      ByteArrayOutputStream utf = new ByteArrayOutputStream();
      new DataOutputStream(utf).writeUTF(signature);
      byte[] sha = MessageDigest.getInstance("SHA-1").digest(utf.toByteArray());
      long hash = 0;
      for (int i = 0; i < 8; i++) {
        hash += ((long) (sha[i] & 0xff)) << (i * 8);
      }
      return hash;
    } catch (IOException | NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Keeps the primitive data a reference writes before and after its one object. */
  private static final class Recorder extends DataOutputStream implements ObjectOutput {
    final ByteArrayOutputStream bytes;
    byte[] beforeObject = new byte[0];

    Recorder() {
      this(new ByteArrayOutputStream());
    }

    private Recorder(ByteArrayOutputStream bytes) {
      super(bytes);
      this.bytes = bytes;
    }

    @Override
    public void writeObject(Object obj) {
      beforeObject = bytes.toByteArray();
      bytes.reset();
    }
  }

  /** Reads RMI's stream: each class descriptor is followed by its codebase annotation. */
  private static final class AnnotatedInputStream extends ObjectInputStream {
    AnnotatedInputStream(InputStream in) throws IOException {
      super(in);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      readObject();
      return super.resolveClass(desc);
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces)
        throws IOException, ClassNotFoundException {
      readObject();
      return super.resolveProxyClass(interfaces);
    }
  }
}
