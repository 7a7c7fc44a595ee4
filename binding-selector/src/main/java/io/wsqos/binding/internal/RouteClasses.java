package io.wsqos.binding.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Generates, per binding proxy, a hidden class that implements the service interface by calling
 * {@link Route#target}: a {@link java.lang.reflect.Proxy} allocates an argument array, boxes
 * primitives and goes through {@code Method.invoke} on every call, which a plain interface call
 * does not. The class is written directly (class file version 49, so that no stack map frames are
 * needed) and unloaded with its proxy.
 */
public final class RouteClasses {

  private static final int VERSION_49 = 49;
  private static final String ROUTE = Route.class.getName().replace('.', '/');

  private RouteClasses() {}

  /**
   * A route implementing {@code sei}, calling {@code reflective} until told otherwise; empty when
   * {@code sei} cannot be implemented from here (it or a type of its methods is not public, or is
   * not visible from this module's class loader, or two methods clash), in which case the caller
   * keeps the reflective proxy.
   */
  public static Optional<RouteHandle> create(
      Class<?> sei, Object reflective, Supplier<String> description) {
    List<Method> methods = implementable(sei);
    if (methods == null) {
      return Optional.empty();
    }
    try {
      byte[] bytes = write(sei, methods);
      MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(bytes, true);
      Route route =
          (Route)
              lookup
                  .findConstructor(lookup.lookupClass(), MethodType.methodType(void.class))
                  .invoke();
      route.init(methods.toArray(new Method[0]), reflective, description);
      return Optional.of(new RouteHandle(route, reflective));
    } catch (Throwable e) {
      if (e instanceof VirtualMachineError error) {
        throw error;
      }
      return Optional.empty();
    }
  }

  /** A generated route and the switch between its targets. */
  public static final class RouteHandle {
    private final Route route;
    private final Object reflective;

    RouteHandle(Route route, Object reflective) {
      this.route = route;
      this.reflective = reflective;
    }

    /** The object that implements the service interface. */
    public Object service() {
      return route;
    }

    /** Calls go straight to {@code implementation}. */
    public void toLocal(Object implementation) {
      route.toLocal(implementation);
    }

    /** Calls go through the reflective proxy. */
    public void toReflective() {
      route.toReflective(reflective);
    }
  }

  private static List<Method> implementable(Class<?> sei) {
    ClassLoader loader = RouteClasses.class.getClassLoader();
    if (!visible(sei, loader)) {
      return null;
    }
    List<Method> methods = new ArrayList<>();
    Set<String> signatures = new HashSet<>();
    for (Method method : sei.getMethods()) {
      if (method.isDefault() || Modifier.isStatic(method.getModifiers())) {
        continue;
      }
      if (isObjectMethod(method) || !signatures.add(method.getName() + descriptor(method, true))) {
        return null;
      }
      // Beyond 255 argument slots the loads would need the wide form, which is not written.
      if (method.getParameterCount() > 120) {
        return null;
      }
      List<Class<?>> types = new ArrayList<>(List.of(method.getParameterTypes()));
      types.add(method.getReturnType());
      for (Class<?> type : types) {
        if (!visible(type, loader)) {
          return null;
        }
      }
      methods.add(method);
    }
    return methods;
  }

  private static boolean isObjectMethod(Method method) {
    try {
      Object.class.getMethod(method.getName(), method.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static boolean visible(Class<?> type, ClassLoader loader) {
    while (type.isArray()) {
      type = type.getComponentType();
    }
    if (type.isPrimitive()) {
      return true;
    }
    if (!Modifier.isPublic(type.getModifiers())
        || !type.getModule().isExported(type.getPackageName())) {
      return false;
    }
    try {
      return Class.forName(type.getName(), false, loader) == type;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  // ---- The class file.

  private static byte[] write(Class<?> sei, List<Method> methods) {
    ConstantPool pool = new ConstantPool();
    String self = ROUTE + "$Of";
    String seiName = sei.getName().replace('.', '/');
    int thisClass = pool.classRef(self);
    int superClass = pool.classRef(ROUTE);
    int seiClass = pool.classRef(seiName);
    int code = pool.utf8("Code");
    int target = pool.fieldRef(ROUTE, "target", "Ljava/lang/Object;");
    int map = pool.methodRef(ROUTE, "map", "(ILjava/lang/Throwable;)Ljava/lang/Throwable;", false);
    int superInit = pool.methodRef(ROUTE, "<init>", "()V", false);
    int init = pool.utf8("<init>");
    int voidDescriptor = pool.utf8("()V");
    ByteArrayOutputStream methodBytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(methodBytes)) {
      // The constructor.
      out.writeShort(Modifier.PUBLIC);
      out.writeShort(init);
      out.writeShort(voidDescriptor);
      out.writeShort(1);
      byte[] body = {0x2a, (byte) 0xb7, hi(superInit), lo(superInit), (byte) 0xb1};
      writeCode(out, code, 1, 1, body, null);
      for (int index = 0; index < methods.size(); index++) {
        Method method = methods.get(index);
        String descriptor = descriptor(method, false);
        int interfaceMethod = pool.methodRef(seiName, method.getName(), descriptor, true);
        out.writeShort(Modifier.PUBLIC | Modifier.FINAL);
        out.writeShort(pool.utf8(method.getName()));
        out.writeShort(pool.utf8(descriptor));
        out.writeShort(1);
        ByteArrayOutputStream instructions = new ByteArrayOutputStream();
        instructions.write(0x2a); // aload_0
        instructions.write(0xb4); // getfield target
        instructions.write(hi(target));
        instructions.write(lo(target));
        instructions.write(0xc0); // checkcast SEI
        instructions.write(hi(seiClass));
        instructions.write(lo(seiClass));
        int slot = 1;
        for (Class<?> parameter : method.getParameterTypes()) {
          instructions.write(load(parameter));
          instructions.write(slot);
          slot += size(parameter);
        }
        instructions.write(0xb9); // invokeinterface
        instructions.write(hi(interfaceMethod));
        instructions.write(lo(interfaceMethod));
        instructions.write(slot);
        instructions.write(0);
        instructions.write(returns(method.getReturnType()));
        int handler = instructions.size();
        instructions.write(0x3a); // astore slot
        instructions.write(slot);
        instructions.write(0x2a); // aload_0
        instructions.write(0x11); // sipush index
        instructions.write(hi(index));
        instructions.write(lo(index));
        instructions.write(0x19); // aload slot
        instructions.write(slot);
        instructions.write(0xb6); // invokevirtual map
        instructions.write(hi(map));
        instructions.write(lo(map));
        instructions.write(0xbf); // athrow
        int maxStack = Math.max(Math.max(slot, 3), 2);
        writeCode(
            out,
            code,
            maxStack,
            slot + 1,
            instructions.toByteArray(),
            new int[] {0, handler, handler});
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ByteArrayOutputStream classBytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(classBytes)) {
      out.writeInt(0xCAFEBABE);
      out.writeShort(0);
      out.writeShort(VERSION_49);
      pool.write(out);
      out.writeShort(Modifier.PUBLIC | Modifier.FINAL | 0x20); // ACC_SUPER
      out.writeShort(thisClass);
      out.writeShort(superClass);
      out.writeShort(1);
      out.writeShort(seiClass);
      out.writeShort(0); // fields
      out.writeShort(1 + methods.size());
      methodBytes.writeTo(out);
      out.writeShort(0); // attributes
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return classBytes.toByteArray();
  }

  private static void writeCode(
      DataOutputStream out, int code, int maxStack, int maxLocals, byte[] body, int[] handler)
      throws IOException {
    int exceptions = handler == null ? 0 : 1;
    out.writeShort(code);
    out.writeInt(2 + 2 + 4 + body.length + 2 + 8 * exceptions + 2);
    out.writeShort(maxStack);
    out.writeShort(maxLocals);
    out.writeInt(body.length);
    out.write(body);
    out.writeShort(exceptions);
    if (handler != null) {
      out.writeShort(handler[0]);
      out.writeShort(handler[1]);
      out.writeShort(handler[2]);
      out.writeShort(0); // any throwable
    }
    out.writeShort(0); // no attributes
  }

  private static int load(Class<?> type) {
    if (type == long.class) {
      return 0x16; // lload
    }
    if (type == float.class) {
      return 0x17; // fload
    }
    if (type == double.class) {
      return 0x18; // dload
    }
    return type.isPrimitive() ? 0x15 : 0x19; // iload, aload
  }

  private static int returns(Class<?> type) {
    if (type == void.class) {
      return 0xb1;
    }
    if (type == long.class) {
      return 0xad;
    }
    if (type == float.class) {
      return 0xae;
    }
    if (type == double.class) {
      return 0xaf;
    }
    return type.isPrimitive() ? 0xac : 0xb0; // ireturn, areturn
  }

  private static int size(Class<?> type) {
    return type == long.class || type == double.class ? 2 : 1;
  }

  private static String descriptor(Method method, boolean parametersOnly) {
    StringBuilder d = new StringBuilder("(");
    for (Class<?> parameter : method.getParameterTypes()) {
      d.append(parameter.descriptorString());
    }
    d.append(')');
    if (!parametersOnly) {
      d.append(method.getReturnType().descriptorString());
    }
    return d.toString();
  }

  private static byte hi(int value) {
    return (byte) (value >>> 8);
  }

  private static byte lo(int value) {
    return (byte) value;
  }

  /** The constant pool, each entry once. */
  private static final class ConstantPool {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    private final Map<String, Integer> entries = new HashMap<>();
    private int count = 1;

    int utf8(String value) {
      return entry(
          "U" + value,
          () -> {
            out.writeByte(1);
            byte[] utf = value.getBytes(UTF_8);
            out.writeShort(utf.length);
            out.write(utf);
          });
    }

    int classRef(String internalName) {
      int name = utf8(internalName);
      return entry(
          "C" + internalName,
          () -> {
            out.writeByte(7);
            out.writeShort(name);
          });
    }

    int fieldRef(String owner, String name, String descriptor) {
      return memberRef(9, owner, name, descriptor);
    }

    int methodRef(String owner, String name, String descriptor, boolean isInterface) {
      return memberRef(isInterface ? 11 : 10, owner, name, descriptor);
    }

    private int memberRef(int tag, String owner, String name, String descriptor) {
      int ownerClass = classRef(owner);
      int nameIndex = utf8(name);
      int descriptorIndex = utf8(descriptor);
      int nameAndType =
          entry(
              "N" + name + " " + descriptor,
              () -> {
                out.writeByte(12);
                out.writeShort(nameIndex);
                out.writeShort(descriptorIndex);
              });
      return entry(
          tag + owner + "." + name + descriptor,
          () -> {
            out.writeByte(tag);
            out.writeShort(ownerClass);
            out.writeShort(nameAndType);
          });
    }

    private interface Writer {
      void write() throws IOException;
    }

    private int entry(String key, Writer writer) {
      Integer index = entries.get(key);
      if (index != null) {
        return index;
      }
      try {
        writer.write();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      entries.put(key, count);
      return count++;
    }

    void write(DataOutputStream target) throws IOException {
      out.flush();
      target.writeShort(count);
      bytes.writeTo(target);
    }
  }
}
