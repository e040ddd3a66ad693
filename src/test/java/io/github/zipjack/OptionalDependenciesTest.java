package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Jackson 3, msgpack, Afterburner, Blackbird, zstd-jni, brotli4j and aircompressor-v3 are optional dependencies: a service with only zipjack and
 * Jackson 2 on its class path encodes JSON, and asking for a missing one fails at build() naming the
 * artifact to add. Checked in a class loader that sees the library and Jackson but not the optional jars.
 */
class OptionalDependenciesTest {

  private static final List<String> OPTIONAL_JARS =
      List.of("jackson-dataformat-msgpack", "msgpack-core", "jackson-module-afterburner", "jackson-module-blackbird",
          "zstd-jni", "brotli4j", "native-linux", "aircompressor");

  @Test
  void jsonPipelineWorksWithoutTheOptionalJars() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      Object pipeline = build(loader, "JSON", "NONE");
      byte[] body = (byte[]) pipeline.getClass().getMethod("encode", Object.class).invoke(pipeline, Map.of("a", 1));
      Object back = pipeline.getClass().getMethod("decode", byte[].class, Class.class).invoke(pipeline, body, Map.class);
      assertEquals(Map.of("a", 1), back);
      ((AutoCloseable) pipeline).close();
    }
  }

  @Test
  void msgpackWithoutItsJarFailsAtBuildNamingTheArtifact() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      IllegalStateException e = buildFails(loader, "MSGPACK", "NONE");
      assertTrue(e.getMessage().contains("org.msgpack:jackson-dataformat-msgpack"), e.getMessage());
    }
  }

  @Test
  void afterburnerWithoutItsJarFailsAtBuildNamingTheArtifact() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      IllegalStateException e = buildFails(loader, "JSON", "AFTERBURNER");
      assertTrue(e.getMessage().contains("com.fasterxml.jackson.module:jackson-module-afterburner"), e.getMessage());
    }
  }

  @Test
  void blackbirdWithoutItsJarFailsAtBuildNamingTheArtifact() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      IllegalStateException e = buildFails(loader, "JSON", "BLACKBIRD");
      assertTrue(e.getMessage().contains("com.fasterxml.jackson.module:jackson-module-blackbird"), e.getMessage());
    }
  }

  @Test
  void gzipWithoutAnyEngineJarIsServedByTheJdkZlib() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      Object pipeline = build(loader, "JSON", "NONE", "gzip", 1);
      assertEquals("gzip(1) via JDK zlib", pipeline.getClass().getMethod("implementation").invoke(pipeline));
      ((AutoCloseable) pipeline).close();
    }
  }

  @Test
  void zstdWithoutItsJarFailsAtBuildNamingTheArtifact() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      IllegalStateException e = buildFails(() -> build(loader, "JSON", "NONE", "zstd", 1));
      assertTrue(e.getMessage().contains("Compression.zstd(level) needs com.github.luben:zstd-jni"), e.getMessage());
    }
  }

  @Test
  void brotliWithoutItsJarsFailsAtBuildNamingBothArtifacts() throws Exception {
    try (URLClassLoader loader = withoutOptionalJars()) {
      IllegalStateException e = buildFails(() -> build(loader, "JSON", "NONE", "brotli", 5));
      assertTrue(e.getMessage().contains("com.aayushatharva.brotli4j:brotli4j"), e.getMessage());
      assertTrue(e.getMessage().contains("com.aayushatharva.brotli4j:native-linux-x86_64"), e.getMessage());
    }
  }

  private static IllegalStateException buildFails(ClassLoader loader, String format, String accelerator) {
    return buildFails(() -> build(loader, format, accelerator));
  }

  private static IllegalStateException buildFails(org.junit.jupiter.api.function.Executable build) {
    InvocationTargetException e = assertThrows(InvocationTargetException.class, build);
    return assertInstanceOf(IllegalStateException.class, e.getCause());
  }

  private static Object build(ClassLoader loader, String format, String accelerator) throws Exception {
    return build(loader, format, accelerator, "gzip", 6);
  }

  /** Builds a pipeline in {@code loader} with {@code Compression.<codec>(level)}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object build(ClassLoader loader, String format, String accelerator, String codec, int level)
      throws Exception {
    Class<?> compressionType = loader.loadClass("io.github.zipjack.Compression");
    Object compression = compressionType.getMethod(codec, int.class).invoke(null, level);
    Class<?> pipeline = loader.loadClass("io.github.zipjack.Pipeline");
    Class<Enum> formatType = (Class<Enum>) loader.loadClass("io.github.zipjack.Format");
    Class<Enum> acceleratorType = (Class<Enum>) loader.loadClass("io.github.zipjack.Accelerator");
    Object builder = pipeline.getMethod("builder").invoke(null);
    Class<?> builderType = builder.getClass();
    // Method handles resolve one method, as compiled calls do; reflection's getMethod would resolve every
    // signature of Builder, and jackson3Mapper's names a Jackson 3 type that is absent here.
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    try {
      lookup.findVirtual(builderType, "format", MethodType.methodType(builderType, formatType))
          .invoke(builder, Enum.valueOf(formatType, format));
      lookup.findVirtual(builderType, "accelerator", MethodType.methodType(builderType, acceleratorType))
          .invoke(builder, Enum.valueOf(acceleratorType, accelerator));
      lookup.findVirtual(builderType, "compression", MethodType.methodType(builderType, compressionType))
          .invoke(builder, compression);
      return lookup.findVirtual(builderType, "build", MethodType.methodType(pipeline)).invoke(builder);
    } catch (Exception | Error e) {
      throw new InvocationTargetException(e);
    } catch (Throwable t) {
      throw new AssertionError(t);
    }
  }

  /** The library's classes and its required jars, with no parent that could see the optional ones. */
  private static URLClassLoader withoutOptionalJars() throws Exception {
    URLClassLoader loader = IsolatedClassPath.of(entry -> {
      String name = new File(entry).getName();
      boolean optional = OPTIONAL_JARS.stream().anyMatch(name::startsWith)
          || entry.contains(File.separator + "tools" + File.separator + "jackson" + File.separator); // Jackson 3
      boolean library = entry.endsWith("classes") && !entry.endsWith("test-classes");
      return library || (!optional && name.startsWith("jackson-"));
    });
    assertTrue(Arrays.stream(loader.getURLs()).anyMatch(u -> u.getPath().contains("jackson-databind")),
        "no jackson-databind in " + Arrays.toString(loader.getURLs()));
    return loader;
  }
}
