package io.github.zipjack.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Pipeline;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.servlet.CompressionFilter;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module exports the API packages and nothing else, and nothing a user can reach in them (a
 * public or protected type, member, supertype, type argument, bound or thrown exception) names a
 * type of a package it does not export: an exported method that took or returned an engine would
 * hand users a type they cannot name on the module path and must not depend on on the class path.
 */
class ApiBoundaryTest {
  private static final String MODULE = "io.github.zipjack";
  private static final Set<String> API_PACKAGES = Set.of(
      "io.github.zipjack", "io.github.zipjack.servlet", "io.github.zipjack.spring", "io.github.zipjack.client");

  @Test
  void moduleExportsExactlyTheApiPackagesToEveryone() throws IOException {
    ModuleDescriptor module = ConsumerProgram.libraryModule();

    Map<String, Set<String>> exports = new TreeMap<>();
    module.exports().forEach(e -> exports.put(e.source(), e.targets()));

    assertEquals(MODULE, module.name());
    assertEquals(API_PACKAGES.stream().collect(Collectors.toMap(p -> p, p -> Set.of(), (a, b) -> a, TreeMap::new)),
        exports);
  }

  @Test
  void onlyJackson2AndTheJdkAreRequiredAtRunTime() throws IOException {
    Set<String> required = ConsumerProgram.libraryModule().requires().stream()
        .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
        .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.MANDATED))
        .map(ModuleDescriptor.Requires::name)
        .collect(Collectors.toCollection(TreeSet::new));

    assertEquals(new TreeSet<>(Set.of("com.fasterxml.jackson.core", "com.fasterxml.jackson.databind",
        "com.fasterxml.jackson.datatype.jsr310", "java.net.http")), required);
  }

  @Test
  void noExportedSignatureMentionsATypeOfAnUnexportedPackage() throws Exception {
    Set<String> exported = ConsumerProgram.libraryModule().exports().stream()
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toSet());
    Predicate<Class<?>> internal = c -> c.getPackageName().startsWith(MODULE) && !exported.contains(c.getPackageName());
    List<Class<?>> api = apiTypes(exported);
    assertTrue(api.contains(Pipeline.class) && api.contains(CompressionFilter.class), "API types found: " + api);

    List<String> leaks = new ArrayList<>();
    for (Class<?> type : api) {
      leaks.addAll(leaks(type, internal));
    }

    assertEquals(List.of(), leaks, "exported signatures that name types of unexported packages");
  }

  /** The scan itself: a leak hidden in a wildcard's bound inside a type argument is found. */
  @Test
  void theScanFindsAnUnexportedTypeInsideATypeArgument() {
    Predicate<Class<?>> internal = c -> c.getPackageName().equals(EngineConfig.class.getPackageName());

    assertEquals(List.of(Leaky.class.getName() + ".configs() returns " + EngineConfig.class.getName()),
        leaks(Leaky.class, internal));
  }

  /** What the scan must catch: a public method whose return type mentions an unexported type deep inside. */
  public static final class Leaky {
    public List<Map<String, ? extends EngineConfig>> configs() {
      return List.of();
    }

    List<EngineConfig> notApi() {
      return List.of();
    }
  }

  /** Every public type of the exported packages, nested ones included when every enclosing type is reachable. */
  private static List<Class<?>> apiTypes(Set<String> exported) throws IOException, ClassNotFoundException {
    Path classes = ConsumerProgram.libraryClasses();
    List<String> names;
    try (Stream<Path> files = Files.walk(classes)) {
      names = files.map(f -> classes.relativize(f).toString())
          .filter(f -> f.endsWith(".class") && !f.endsWith("module-info.class") && !f.endsWith("package-info.class"))
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
          .sorted()
          .toList();
    }
    List<Class<?>> api = new ArrayList<>();
    for (String name : names) {
      Class<?> type = Class.forName(name, false, ApiBoundaryTest.class.getClassLoader());
      if (exported.contains(type.getPackageName()) && reachable(type)) {
        api.add(type);
      }
    }
    return api;
  }

  /** Public, or a protected or public member type of a reachable type; never local or anonymous. */
  private static boolean reachable(Class<?> type) {
    if (type.isAnonymousClass() || type.isLocalClass() || type.isSynthetic()) {
      return false;
    }
    Class<?> enclosing = type.getDeclaringClass();
    if (enclosing == null) {
      return Modifier.isPublic(type.getModifiers());
    }
    return (Modifier.isPublic(type.getModifiers()) || Modifier.isProtected(type.getModifiers())) && reachable(enclosing);
  }

  /**
   * Where {@code type}'s API names a type that {@code internal} accepts, one line each: its type
   * parameters, supertypes, and its public and protected fields, constructors and methods, with
   * those it inherits from its own package's hidden superclasses.
   */
  private static List<String> leaks(Class<?> type, Predicate<Class<?>> internal) {
    List<String> found = new ArrayList<>();
    String name = type.getName();
    report(found, name + " type parameters", internal, (Object[]) type.getTypeParameters());
    report(found, name + " extends", internal, type.getGenericSuperclass());
    report(found, name + " implements", internal, (Object[]) type.getGenericInterfaces());
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (visible(constructor)) {
        reportExecutable(found, name + ".<init>" + parameters(constructor), constructor, internal);
      }
    }
    for (Class<?> c = type; c != null && c.getName().startsWith(MODULE); c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (visible(field)) {
          report(found, name + "." + field.getName(), internal, field.getGenericType());
        }
      }
      for (Method method : c.getDeclaredMethods()) {
        if (visible(method) && !method.isBridge()) {
          String where = name + "." + method.getName() + parameters(method);
          report(found, where + " returns", internal, method.getGenericReturnType());
          reportExecutable(found, where, method, internal);
        }
      }
    }
    return found;
  }

  private static void reportExecutable(List<String> found, String where, Executable executable,
      Predicate<Class<?>> internal) {
    report(found, where + " type parameters", internal, (Object[]) executable.getTypeParameters());
    report(found, where + " takes", internal, (Object[]) executable.getGenericParameterTypes());
    report(found, where + " throws", internal, (Object[]) executable.getGenericExceptionTypes());
  }

  private static boolean visible(Member member) {
    return !member.isSynthetic()
        && (Modifier.isPublic(member.getModifiers()) || Modifier.isProtected(member.getModifiers()));
  }

  /** {@code (int, String)}: the erased parameter types, which tell overloads apart. */
  private static String parameters(Executable executable) {
    return Stream.of(executable.getParameterTypes()).map(Class::getSimpleName)
        .collect(Collectors.joining(", ", "(", ")"));
  }

  /** Adds {@code where + " " + name} for each internal class that one of {@code types} mentions. */
  private static void report(List<String> found, String where, Predicate<Class<?>> internal, Object... types) {
    Set<Class<?>> mentioned = new HashSet<>();
    for (Object type : types) {
      if (type != null) {
        mentions((Type) type, mentioned, new HashSet<>());
      }
    }
    mentioned.stream().filter(internal).map(Class::getName).sorted().forEach(c -> found.add(where + " " + c));
  }

  /** Every class {@code type} names: raw types, owners, type arguments, bounds, array components. */
  private static void mentions(Type type, Set<Class<?>> out, Set<Type> seen) {
    if (!seen.add(type)) {
      return; // a type variable bounded by itself, as in <T extends Comparable<T>>
    }
    if (type instanceof Class<?> c) {
      while (c.isArray()) {
        c = c.getComponentType();
      }
      out.add(c);
    } else if (type instanceof ParameterizedType p) {
      mentions(p.getRawType(), out, seen);
      if (p.getOwnerType() != null) {
        mentions(p.getOwnerType(), out, seen);
      }
      for (Type argument : p.getActualTypeArguments()) {
        mentions(argument, out, seen);
      }
    } else if (type instanceof GenericArrayType a) {
      mentions(a.getGenericComponentType(), out, seen);
    } else if (type instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        mentions(bound, out, seen);
      }
      for (Type bound : w.getLowerBounds()) {
        mentions(bound, out, seen);
      }
    } else if (type instanceof TypeVariable<?> v) {
      for (Type bound : v.getBounds()) {
        mentions(bound, out, seen);
      }
    }
  }
}
