package io.wsqos.binding.internal;

import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.ATHROW;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.V17;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Generates, with ASM, per binding proxy, a hidden class that implements the service interface by
 * calling {@link Route#target}: a {@link java.lang.reflect.Proxy} allocates an argument array,
 * boxes primitives and goes through {@code Method.invoke} on every call, which a plain interface
 * call does not. The class is unloaded with its proxy.
 */
public final class RouteClasses {

  private static final String ROUTE = Type.getInternalName(Route.class);
  private static final String TARGET = "target";
  private static final String MAP =
      Type.getMethodDescriptor(
          Type.getType(Throwable.class),
          Type.INT_TYPE,
          Type.getType(Object.class),
          Type.getType(Throwable.class));

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
      MethodHandles.Lookup lookup =
          MethodHandles.lookup().defineHiddenClass(write(sei, methods), true);
      Route route =
          (Route)
              lookup
                  .findConstructor(lookup.lookupClass(), MethodType.methodType(void.class))
                  .invoke();
      route.init(methods.toArray(new Method[0]), reflective, description);
      return Optional.of(new RouteHandle(route));
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

    RouteHandle(Route route) {
      this.route = route;
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
      route.toReflective();
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
      // Two methods of one name and parameters (covariant returns across interfaces) would need
      // bridge methods; an interface that redeclares an Object method would shadow Route's.
      String parameters = Type.getMethodDescriptor(method);
      parameters = method.getName() + parameters.substring(0, parameters.indexOf(')') + 1);
      if (isObjectMethod(method) || !signatures.add(parameters)) {
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

  /**
   * The class: {@code public final class Route$Of extends Route implements SEI}, each method
   *
   * <pre>{@code
   * Object t = this.target;
   * try {
   *   return ((SEI) t).method(args);
   * } catch (Throwable e) {
   *   throw this.map(index, t, e);
   * }
   * }</pre>
   *
   * The target is read once, so that the mapping sees the target that threw.
   */
  private static byte[] write(Class<?> sei, List<Method> methods) {
    ClassWriter writer =
        new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
          // Frames only ever merge Object with Object here; loading the types would need the
          // service's class loader, which ASM does not have.
          @Override
          protected String getCommonSuperClass(String type1, String type2) {
            return Type.getInternalName(Object.class);
          }
        };
    String seiName = Type.getInternalName(sei);
    writer.visit(
        V17,
        ACC_PUBLIC | ACC_FINAL | ACC_SUPER,
        ROUTE + "$Of",
        null,
        ROUTE,
        new String[] {seiName});
    MethodVisitor init = writer.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(ALOAD, 0);
    init.visitMethodInsn(INVOKESPECIAL, ROUTE, "<init>", "()V", false);
    init.visitInsn(RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    for (int index = 0; index < methods.size(); index++) {
      writeMethod(writer, seiName, methods.get(index), index);
    }
    writer.visitEnd();
    return writer.toByteArray();
  }

  private static void writeMethod(ClassWriter writer, String seiName, Method method, int index) {
    String descriptor = Type.getMethodDescriptor(method);
    MethodVisitor code =
        writer.visitMethod(ACC_PUBLIC | ACC_FINAL, method.getName(), descriptor, null, null);
    code.visitCode();
    Type[] parameters = Type.getArgumentTypes(descriptor);
    int target = 1;
    for (Type parameter : parameters) {
      target += parameter.getSize();
    }
    int thrown = target + 1;
    Label start = new Label();
    Label end = new Label();
    Label handler = new Label();
    code.visitTryCatchBlock(start, end, handler, Type.getInternalName(Throwable.class));
    code.visitVarInsn(ALOAD, 0);
    code.visitFieldInsn(GETFIELD, ROUTE, TARGET, Type.getDescriptor(Object.class));
    code.visitVarInsn(ASTORE, target);
    code.visitLabel(start);
    code.visitVarInsn(ALOAD, target);
    code.visitTypeInsn(CHECKCAST, seiName);
    int slot = 1;
    for (Type parameter : parameters) {
      code.visitVarInsn(parameter.getOpcode(ILOAD), slot);
      slot += parameter.getSize();
    }
    code.visitMethodInsn(INVOKEINTERFACE, seiName, method.getName(), descriptor, true);
    code.visitLabel(end);
    code.visitInsn(Type.getReturnType(descriptor).getOpcode(IRETURN));
    code.visitLabel(handler);
    code.visitVarInsn(ASTORE, thrown);
    code.visitVarInsn(ALOAD, 0);
    code.visitLdcInsn(index);
    code.visitVarInsn(ALOAD, target);
    code.visitVarInsn(ALOAD, thrown);
    code.visitMethodInsn(INVOKEVIRTUAL, ROUTE, "map", MAP, false);
    code.visitInsn(ATHROW);
    code.visitMaxs(0, 0);
    code.visitEnd();
  }
}
