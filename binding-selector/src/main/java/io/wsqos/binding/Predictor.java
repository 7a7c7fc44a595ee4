package io.wsqos.binding;

import static java.util.Objects.requireNonNull;

import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collection;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.function.ToDoubleFunction;

/**
 * The message-size performance predictor of section 4 of the report: for each operation of a
 * service interface it estimates, from the parameter and return types alone, the bytes of a SOAP
 * and of an RMI request and response at every point of a {@link Hints} parameter space, and votes
 * for the binding whose messages are smaller at most points. Estimates are expected values: a
 * nullable value counts as its null share of a null (nothing in SOAP, one byte in Java
 * serialization) and the rest of its size; the share applies to values (strings, numbers, dates,
 * binaries), while beans, arrays and collections, which hold them, are always there. Besides the
 * report's size vote it takes a time vote ({@link #predictTime}): each point's sizes turned into
 * times by a {@link CostModel} of each binding's fixed cost per call and cost per byte. Java
 * serialization's cost for JDK value classes ({@code Calendar}, {@code BigDecimal}, boxed numbers,
 * collections) is measured once, when the predictor is created, by serializing a sample; everything
 * else is computed.
 */
public final class Predictor {

  // HTTP request and response headers as CXF's client and the embedded Jetty write them.
  static final int SOAP_HTTP_REQUEST_HEADERS = 240;
  static final int SOAP_HTTP_RESPONSE_HEADERS = 130;
  // <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body> and closing.
  static final int SOAP_ENVELOPE = 114;
  // xs:dateTime with milliseconds and offset: 2005-09-09T18:18:30.830+01:00.
  static final int SOAP_DATE_TIME = 29;
  // JRMP call: 0x50, stream header, ObjID, operation, method hash; return: 0x51, header, type, UID.
  static final int RMI_CALL_HEADER = 39;
  static final int RMI_RETURN_HEADER = 20;
  private static final int MAX_DEPTH = 8;

  /** The first and the later cost of one value of a JDK class in one stream. */
  private record Cost(double first, double repeat) {}

  private final Map<Class<?>, Cost> jdkCosts;
  private final Cost objectArray;
  private final Cost arrayList;
  private final Cost hashMap;
  private final Cost hashSet;

  private Predictor(Map<Class<?>, Cost> jdkCosts) {
    this.jdkCosts = Map.copyOf(jdkCosts);
    this.objectArray = measure(new Object[0], new Object[0]);
    this.arrayList = measure(new ArrayList<>(), new ArrayList<>());
    this.hashMap = measure(new HashMap<>(), new HashMap<>());
    this.hashSet = measure(new HashSet<>(), new HashSet<>());
  }

  /** A predictor, its JDK serialization costs measured now (a few milliseconds). */
  public static Predictor create() {
    Map<Class<?>, Cost> costs = new HashMap<>();
    costs.put(Integer.class, measure(123_456, 654_321));
    costs.put(Long.class, measure(123_456_789L, 987_654_321L));
    costs.put(Short.class, measure((short) 1234, (short) 4321));
    costs.put(Byte.class, measure((byte) 12, (byte) 21));
    costs.put(Double.class, measure(1234.5, 5432.1));
    costs.put(Float.class, measure(1234.5f, 5432.1f));
    costs.put(Boolean.class, measure(Boolean.TRUE, Boolean.FALSE));
    costs.put(Character.class, measure('a', 'b'));
    costs.put(BigDecimal.class, measure(new BigDecimal("12345.67"), new BigDecimal("76543.21")));
    costs.put(BigInteger.class, measure(new BigInteger("1234567"), new BigInteger("7654321")));
    costs.put(Date.class, measure(new Date(1_128_000_000_000L), new Date(1_129_000_000_000L)));
    TimeZone zone = TimeZone.getDefault();
    GregorianCalendar first = new GregorianCalendar(zone);
    GregorianCalendar second = new GregorianCalendar(zone);
    second.add(Calendar.DAY_OF_MONTH, 1);
    Cost calendar = measure(first, second);
    costs.put(Calendar.class, calendar);
    costs.put(GregorianCalendar.class, calendar);
    return new Predictor(costs);
  }

  /**
   * The report's size vote over every operation of {@code sei} and every point of {@code hints}:
   * the binding whose request plus response is smaller at most points.
   */
  public Prediction predict(Class<?> sei, Hints hints) {
    return votes(sei, hints).size();
  }

  /** The size vote over one operation and every point of {@code hints}. */
  public Prediction predict(Method operation, Hints hints) {
    return new Votes(voters(List.of(requireNonNull(operation, "operation")), hints)).size();
  }

  /**
   * The time vote over every operation of {@code sei} and every point of {@code hints}: the binding
   * whose call {@code model} predicts faster, from the estimated sizes, at most points.
   */
  public TimePrediction predictTime(Class<?> sei, Hints hints, CostModel model) {
    return votes(sei, hints).time(model);
  }

  /** The time vote over one operation and every point of {@code hints}. */
  public TimePrediction predictTime(Method operation, Hints hints, CostModel model) {
    return new Votes(voters(List.of(requireNonNull(operation, "operation")), hints)).time(model);
  }

  /**
   * The estimates of every operation of {@code sei} at every point of {@code hints} that votes,
   * made now, from which the size vote and the time vote of any cost model are counted without
   * estimating again.
   */
  Votes votes(Class<?> sei, Hints hints) {
    return new Votes(voters(operations(sei), hints));
  }

  private static List<Method> operations(Class<?> sei) {
    requireNonNull(sei, "sei");
    return Arrays.stream(sei.getMethods())
        .filter(m -> !m.isDefault() && !Modifier.isStatic(m.getModifiers()))
        .toList();
  }

  /** The estimated sizes at the points that vote; counting a vote on them does not estimate. */
  static final class Votes {
    private final List<MessageSizes> voters;

    private Votes(List<MessageSizes> voters) {
      this.voters = List.copyOf(voters);
    }

    /** The report's size vote. */
    Prediction size() {
      Tally tally = tally(voters, MessageSizes::rmi, MessageSizes::soap);
      return new Prediction(
          tally.choice(),
          tally.share(),
          tally.points(),
          tally.rmi(),
          tally.soap(),
          Math.round(tally.medianRmi()),
          Math.round(tally.medianSoap()));
    }

    /** The time vote with {@code model}. */
    TimePrediction time(CostModel model) {
      requireNonNull(model, "model");
      Tally tally = tally(voters, model::rmiMicros, model::soapMicros);
      return new TimePrediction(
          tally.choice(),
          tally.share(),
          tally.points(),
          tally.rmi(),
          tally.soap(),
          tally.medianRmi(),
          tally.medianSoap(),
          model);
    }
  }

  /** The estimates at the points that vote: those plausible under the maximum message size. */
  private List<MessageSizes> voters(List<Method> operations, Hints hints) {
    requireNonNull(hints, "hints");
    List<MessageSizes> plausible = new ArrayList<>();
    List<MessageSizes> all = new ArrayList<>();
    for (Method operation : operations) {
      for (Hints.Point point : hints.points()) {
        MessageSizes sizes = estimate(operation, point);
        all.add(sizes);
        double largest =
            Math.max(
                Math.max(sizes.soapRequest(), sizes.soapResponse()),
                Math.max(sizes.rmiRequest(), sizes.rmiResponse()));
        if (largest <= hints.maxMessageBytes()) {
          plausible.add(sizes);
        }
      }
    }
    // With nothing plausible the bound was too tight for the types: every point votes.
    return plausible.isEmpty() ? all : plausible;
  }

  /** A vote's count: RMI wins ties, as a smaller or equal RMI message does in the report. */
  private record Tally(
      BindingKind choice,
      double share,
      int points,
      int rmi,
      int soap,
      double medianRmi,
      double medianSoap) {}

  private static Tally tally(
      List<MessageSizes> voters,
      ToDoubleFunction<MessageSizes> rmiValue,
      ToDoubleFunction<MessageSizes> soapValue) {
    int rmi = 0;
    int soap = 0;
    double[] rmiValues = new double[voters.size()];
    double[] soapValues = new double[voters.size()];
    for (int i = 0; i < voters.size(); i++) {
      double r = rmiValue.applyAsDouble(voters.get(i));
      double s = soapValue.applyAsDouble(voters.get(i));
      rmiValues[i] = r;
      soapValues[i] = s;
      if (r < s) {
        rmi++;
      } else if (s < r) {
        soap++;
      }
    }
    BindingKind choice = rmi >= soap ? BindingKind.RMI : BindingKind.SOAP;
    int n = voters.size();
    double share = n == 0 ? 0 : (double) Math.max(rmi, soap) / n;
    return new Tally(choice, share, n, rmi, soap, median(rmiValues), median(soapValues));
  }

  private static double median(double[] values) {
    if (values.length == 0) {
      return 0;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** The estimated sizes of one call of {@code operation} at {@code point}. */
  public MessageSizes estimate(Method operation, Hints.Point point) {
    requireNonNull(operation, "operation");
    requireNonNull(point, "point");
    String namespace = namespace(operation.getDeclaringClass());
    String name = operation.getName();
    double wrapper = 5 + name.length() + 12 + namespace.length() + 2 + 6 + name.length() + 1;
    double soapRequest = SOAP_HTTP_REQUEST_HEADERS + SOAP_ENVELOPE + wrapper;
    Type[] parameters = operation.getGenericParameterTypes();
    Annotation[][] annotations = operation.getParameterAnnotations();
    for (int i = 0; i < parameters.length; i++) {
      soapRequest += soap(parameters[i], parameterName(annotations[i], i), point, 0);
    }
    double soapResponse =
        SOAP_HTTP_RESPONSE_HEADERS + SOAP_ENVELOPE + wrapper + 2 * "Response".length();
    Type returned = operation.getGenericReturnType();
    if (returned != void.class) {
      soapResponse += soap(returned, "return", point, 0);
    }

    Set<Class<?>> described = new HashSet<>();
    String key =
        name
            + "("
            + String.join(
                ",", Arrays.stream(operation.getParameterTypes()).map(Class::getName).toList())
            + ")";
    double rmiRequest = RMI_CALL_HEADER + 3 + key.length() + objectArray.first() + 4;
    for (Type parameter : parameters) {
      rmiRequest += java(boxed(parameter), point, described, 0);
    }
    described.clear();
    double rmiResponse = RMI_RETURN_HEADER;
    rmiResponse += returned == void.class ? 1 : java(boxed(returned), point, described, 0);
    return new MessageSizes(soapRequest, soapResponse, rmiRequest, rmiResponse);
  }

  // ---- SOAP: document/literal wrapped, as CXF's JAXB binding writes it.

  private double soap(Type type, String element, Hints.Point point, int depth) {
    double tags = 2.0 * element.length() + 5;
    Class<?> raw = raw(type);
    if (raw.isPrimitive()) {
      return tags + primitiveText(raw);
    }
    double present = 1 - point.nullShare();
    if (raw == byte[].class) {
      return present * (tags + 4.0 * Math.ceil(point.binaryBytes() / 3.0));
    }
    if (raw.isArray() || Collection.class.isAssignableFrom(raw)) {
      // A repeated element per item, nothing around them.
      return point.arraySize() * soap(elementType(type), element, point, depth + 1);
    }
    if (Map.class.isAssignableFrom(raw)) {
      Type[] kv = typeArguments(type, 2);
      double entry =
          2.0 * "entry".length()
              + 5
              + soap(kv[0], "key", point, depth + 1)
              + soap(kv[1], "value", point, depth + 1);
      return tags + point.arraySize() * entry;
    }
    // A bean is a container: the null share applies to the values inside it.
    return (isLeaf(raw) ? present : 1) * (tags + soapValue(raw, point, depth));
  }

  private double soapValue(Class<?> raw, Hints.Point point, int depth) {
    if (raw == String.class) {
      return point.stringLength();
    }
    if (isBox(raw)) {
      return primitiveText(unbox(raw));
    }
    if (Calendar.class.isAssignableFrom(raw) || raw == Date.class) {
      return SOAP_DATE_TIME;
    }
    if (raw == BigDecimal.class || raw == BigInteger.class) {
      return 10;
    }
    if (raw.isEnum()) {
      return averageConstantLength(raw);
    }
    if (depth >= MAX_DEPTH || isJdk(raw)) {
      return point.stringLength();
    }
    double size = 0;
    for (Field field : beanFields(raw)) {
      size += soap(field.getGenericType(), field.getName(), point, depth + 1);
    }
    return size;
  }

  /** A value the null share applies to: not a bean, array, collection or map, which hold them. */
  private static boolean isLeaf(Class<?> raw) {
    return raw == String.class
        || isBox(raw)
        || raw.isEnum()
        || isJdk(raw)
            && !Collection.class.isAssignableFrom(raw)
            && !Map.class.isAssignableFrom(raw);
  }

  private static double primitiveText(Class<?> primitive) {
    if (primitive == int.class) {
      return 5;
    }
    if (primitive == long.class) {
      return 10;
    }
    if (primitive == short.class) {
      return 3;
    }
    if (primitive == byte.class) {
      return 2;
    }
    if (primitive == boolean.class) {
      return 4.5;
    }
    if (primitive == char.class) {
      return 1;
    }
    return 9; // float, double
  }

  // ---- RMI: Java serialization as JRMP carries it.

  private double java(Type type, Hints.Point point, Set<Class<?>> described, int depth) {
    Class<?> raw = raw(type);
    double present = 1 - point.nullShare();
    double absent = point.nullShare() * 1; // TC_NULL
    if (raw == String.class) {
      return absent + present * (3 + point.stringLength());
    }
    Cost jdk = jdkCosts.get(raw);
    if (jdk != null) {
      return absent + present * (described.add(raw) ? jdk.first() : jdk.repeat());
    }
    if (raw == byte[].class) {
      return absent + present * (arrayHeader(raw, described) + point.binaryBytes());
    }
    if (raw.isArray()) {
      Class<?> component = raw.getComponentType();
      double each =
          component.isPrimitive()
              ? primitiveBytes(component)
              : java(component, point, described, depth + 1);
      return arrayHeader(raw, described) + point.arraySize() * each;
    }
    if (Collection.class.isAssignableFrom(raw)) {
      Cost collection = Set.class.isAssignableFrom(raw) ? hashSet : arrayList;
      boolean first =
          described.add(Set.class.isAssignableFrom(raw) ? HashSet.class : ArrayList.class);
      double items = 0;
      Type element = elementType(type);
      for (int i = 0; i < point.arraySize(); i++) {
        items += java(element, point, described, depth + 1);
      }
      return (first ? collection.first() : collection.repeat()) + items;
    }
    if (Map.class.isAssignableFrom(raw)) {
      boolean first = described.add(HashMap.class);
      Type[] kv = typeArguments(type, 2);
      double entries = 0;
      for (int i = 0; i < point.arraySize(); i++) {
        entries +=
            java(kv[0], point, described, depth + 1) + java(kv[1], point, described, depth + 1);
      }
      return (first ? hashMap.first() : hashMap.repeat()) + entries;
    }
    if (raw.isEnum()) {
      boolean first = described.add(raw);
      double descriptor =
          first ? classDescriptor(raw, described) + classDescriptor(Enum.class, described) : 5;
      return absent + present * (1 + descriptor + 3 + averageConstantLength(raw));
    }
    if (depth >= MAX_DEPTH || isJdk(raw)) {
      return absent + present * (3 + point.stringLength());
    }
    // A bean: TC_OBJECT, its class descriptor (or a handle to it), then its fields' values.
    double size = 1;
    for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
      size += described.add(c) ? classDescriptor(c, described) : 5;
      for (Field field : declaredFields(c)) {
        Class<?> fieldType = field.getType();
        size +=
            fieldType.isPrimitive()
                ? primitiveBytes(fieldType)
                : java(field.getGenericType(), point, described, depth + 1);
      }
      if (c.getSuperclass() == Object.class || c.getSuperclass() == null) {
        size += 1; // TC_NULL: no further superclass
      }
    }
    return size;
  }

  private double arrayHeader(Class<?> arrayClass, Set<Class<?>> described) {
    double descriptor =
        described.add(arrayClass)
            ? 1 + 2 + arrayClass.getName().length() + 8 + 1 + 2 + 1 + 1 + 1
            : 5;
    return 1 + descriptor + 4;
  }

  /** TC_CLASSDESC, name, serialVersionUID, flags, fields (with type strings), end, annotation. */
  private static double classDescriptor(Class<?> cls, Set<Class<?>> described) {
    double size = 1 + 2 + cls.getName().length() + 8 + 1 + 2 + 1 + 1;
    ObjectStreamClass stream = ObjectStreamClass.lookupAny(cls);
    for (ObjectStreamField field : stream.getFields()) {
      size += 1 + 2 + field.getName().length();
      if (!field.isPrimitive()) {
        size += 3 + field.getTypeString().length();
      }
    }
    return size;
  }

  private static double primitiveBytes(Class<?> primitive) {
    if (primitive == long.class || primitive == double.class) {
      return 8;
    }
    if (primitive == int.class || primitive == float.class) {
      return 4;
    }
    if (primitive == short.class || primitive == char.class) {
      return 2;
    }
    return 1;
  }

  private static Cost measure(Object first, Object second) {
    int empty = serializedSize(new Object[] {});
    int one = serializedSize(new Object[] {first});
    int two = serializedSize(new Object[] {first, second});
    return new Cost(one - empty, two - one);
  }

  private static int serializedSize(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.size();
  }

  // ---- Types.

  private static Type boxed(Type type) {
    return type instanceof Class<?> c && c.isPrimitive() ? box(c) : type;
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    if (type instanceof GenericArrayType a) {
      return java.lang.reflect.Array.newInstance(raw(a.getGenericComponentType()), 0).getClass();
    }
    return Object.class;
  }

  private static Type elementType(Type type) {
    if (type instanceof Class<?> c && c.isArray()) {
      return c.getComponentType();
    }
    if (type instanceof GenericArrayType a) {
      return a.getGenericComponentType();
    }
    return typeArguments(type, 1)[0];
  }

  private static Type[] typeArguments(Type type, int count) {
    if (type instanceof ParameterizedType p && p.getActualTypeArguments().length == count) {
      return p.getActualTypeArguments();
    }
    Type[] strings = new Type[count];
    Arrays.fill(strings, String.class);
    return strings;
  }

  private static List<Field> beanFields(Class<?> cls) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      fields.addAll(declaredFields(c));
    }
    return fields;
  }

  private static List<Field> declaredFields(Class<?> cls) {
    return Arrays.stream(cls.getDeclaredFields())
        .filter(
            f -> !Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()))
        .toList();
  }

  private static double averageConstantLength(Class<?> enumClass) {
    Object[] constants = enumClass.getEnumConstants();
    return constants.length == 0
        ? 0
        : Arrays.stream(constants).mapToInt(c -> c.toString().length()).average().orElse(0);
  }

  private static boolean isJdk(Class<?> cls) {
    String name = cls.getName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.");
  }

  private static boolean isBox(Class<?> cls) {
    return cls == Integer.class
        || cls == Long.class
        || cls == Short.class
        || cls == Byte.class
        || cls == Double.class
        || cls == Float.class
        || cls == Boolean.class
        || cls == Character.class;
  }

  private static Class<?> box(Class<?> primitive) {
    return java.lang.invoke.MethodType.methodType(primitive).wrap().returnType();
  }

  private static Class<?> unbox(Class<?> box) {
    return java.lang.invoke.MethodType.methodType(box).unwrap().returnType();
  }

  private static String parameterName(Annotation[] annotations, int index) {
    for (Annotation annotation : annotations) {
      if (annotation instanceof WebParam param && !param.name().isEmpty()) {
        return param.name();
      }
    }
    return "arg" + index;
  }

  private static String namespace(Class<?> sei) {
    WebService service = sei.getAnnotation(WebService.class);
    if (service != null && !service.targetNamespace().isEmpty()) {
      return service.targetNamespace();
    }
    List<String> parts = new ArrayList<>(List.of(sei.getPackageName().split("\\.")));
    java.util.Collections.reverse(parts);
    return "http://" + String.join(".", parts) + "/";
  }
}
