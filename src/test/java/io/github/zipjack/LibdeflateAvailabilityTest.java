package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.codec.LibdeflateGzipEngine;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which gzip implementation serves, on every Java this project supports (these tests run on 17 and
 * on 25, with the expectation of each): {@code AUTO} takes libdeflate exactly where it can load and
 * zlib elsewhere, and forcing {@code LIBDEFLATE} where it cannot load fails at {@code build()} saying
 * why: the Java version first, then the missing aircompressor-v3 jar, then a native library that did
 * not load. The last two are checked in class loaders that see zipjack, Jackson and, or not,
 * aircompressor-v3, as {@link OptionalDependenciesTest} builds them.
 */
class LibdeflateAvailabilityTest {
  private static final boolean JAVA_25 = Runtime.version().feature() >= 25;
  private static final String AIRCOMPRESSOR_JAR = "aircompressor-v3";
  /** aircompressor-v3's switch: when set to anything, it loads no native library. */
  private static final String DISABLE_NATIVE = "io.airlift.compress.v3.disable-native";

  @Test
  void autoIsServedByLibdeflateOnJava25AndByZlibBelow() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      assertServedBy(JAVA_25 ? "gzip(1) via libdeflate" : "gzip(1) via JDK zlib", pipeline.implementation());
    }
  }

  @Test
  void forcedZlibIsServedByZlibOnEveryJava() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB)).build()) {
      assertEquals("gzip(1) via JDK zlib", pipeline.implementation());
    }
  }

  @Test
  void forcedLibdeflateServesOnJava25AndFailsAtBuildBelowNamingJava25() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.LIBDEFLATE));
    if (JAVA_25) {
      try (Pipeline pipeline = builder.build()) {
        assertServedBy("gzip(1) via libdeflate", pipeline.implementation());
      }
      return;
    }

    IllegalStateException e = assertThrows(IllegalStateException.class, builder::build);

    assertTrue(e.getMessage().contains("libdeflate needs Java 25+"), e.getMessage());
    assertTrue(e.getMessage().contains("running " + System.getProperty("java.version")), e.getMessage());
  }

  @Test
  void unavailabilityReasonIsNullOnlyOnJava25() {
    String reason = LibdeflateGzipEngine.unavailabilityReason();

    if (JAVA_25) {
      assertNull(reason);
    } else {
      assertEquals("libdeflate needs Java 25+ (aircompressor-v3's classes are Java 25 class files); this JVM is"
          + " running " + System.getProperty("java.version"), reason);
    }
  }

  @Test
  void forcedLibdeflateWithoutAircompressorFailsAtBuildNamingTheArtifactOnJava25() throws Exception {
    try (URLClassLoader loader = libraryAndJackson(false)) {
      IllegalStateException e = buildFails(loader, "LIBDEFLATE");

      assertTrue(e.getMessage().contains(JAVA_25 ? "io.airlift:aircompressor-v3" : "Java 25+"), e.getMessage());
    }
  }

  @Test
  void autoWithoutAircompressorIsServedByZlib() throws Exception {
    try (URLClassLoader loader = libraryAndJackson(false)) {
      assertEquals("gzip(1) via JDK zlib", encodeAndDecode(loader, "AUTO"));
    }
  }

  @Test
  void autoWithAircompressorInAFreshLoaderIsServedByLibdeflateOnJava25() throws Exception {
    try (URLClassLoader loader = libraryAndJackson(true)) {
      assertServedBy(JAVA_25 ? "gzip(1) via libdeflate" : "gzip(1) via JDK zlib", encodeAndDecode(loader, "AUTO"));
    }
  }

  @Test
  void nativeLibraryThatDoesNotLoadIsNamedWithItsCause() throws Exception {
    String previous = System.setProperty(DISABLE_NATIVE, "true");
    try (URLClassLoader loader = libraryAndJackson(true)) {
      IllegalStateException e = buildFails(loader, "LIBDEFLATE");
      String auto = encodeAndDecode(loader, "AUTO");

      if (JAVA_25) {
        assertTrue(e.getMessage().contains("its bundled libdeflate did not load on " + System.getProperty("os.name")),
            e.getMessage());
        assertTrue(e.getMessage().contains("Native library loading is disabled"), e.getMessage());
      } else {
        assertTrue(e.getMessage().contains("Java 25+"), e.getMessage());
      }
      assertEquals("gzip(1) via JDK zlib", auto);
    } finally {
      if (previous == null) {
        System.clearProperty(DISABLE_NATIVE);
      } else {
        System.setProperty(DISABLE_NATIVE, previous);
      }
    }
  }

  private static IllegalStateException buildFails(ClassLoader loader, String implementation) {
    InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> build(loader, implementation));
    return assertInstanceOf(IllegalStateException.class, e.getCause());
  }

  /** Builds a gzip(1) pipeline with the implementation in {@code loader}, round-trips a map, and says what served. */
  private static String encodeAndDecode(ClassLoader loader, String implementation) throws Exception {
    Object pipeline = build(loader, implementation);
    try {
      byte[] body = (byte[]) pipeline.getClass().getMethod("encode", Object.class).invoke(pipeline, Map.of("a", 1));
      Object back = pipeline.getClass().getMethod("decode", byte[].class, Class.class).invoke(pipeline, body, Map.class);
      assertEquals(Map.of("a", 1), back);
      return (String) pipeline.getClass().getMethod("implementation").invoke(pipeline);
    } finally {
      ((AutoCloseable) pipeline).close();
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object build(ClassLoader loader, String implementation) throws Exception {
    Class<?> compressionType = loader.loadClass("io.github.zipjack.Compression");
    Class<Enum> implementationType = (Class<Enum>) loader.loadClass("io.github.zipjack.GzipImplementation");
    Object compression = compressionType.getMethod("gzip", int.class, implementationType)
        .invoke(null, 1, Enum.valueOf(implementationType, implementation));
    Object builder = loader.loadClass("io.github.zipjack.Pipeline").getMethod("builder").invoke(null);
    builder.getClass().getMethod("compression", compressionType).invoke(builder, compression);
    return builder.getClass().getMethod("build").invoke(builder);
  }

  /**
   * zipjack's classes and Jackson's jars, and aircompressor-v3's when asked, with no parent that could
   * see anything else: a fresh copy of every zipjack class, so libdeflate's availability is computed anew.
   */
  private static URLClassLoader libraryAndJackson(boolean withAircompressor) throws Exception {
    String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<URL> urls = new ArrayList<>();
    for (String entry : path.split(File.pathSeparator)) {
      String name = new File(entry).getName();
      boolean library = entry.endsWith("classes") && !entry.endsWith("test-classes");
      boolean jackson = name.startsWith("jackson-") && !name.startsWith("jackson-dataformat-msgpack")
          && !name.startsWith("jackson-module-");
      boolean aircompressor = withAircompressor && name.startsWith(AIRCOMPRESSOR_JAR);
      if (library || jackson || aircompressor) {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    assertTrue(urls.stream().anyMatch(u -> u.getPath().contains("jackson-databind")), "no jackson-databind in " + path);
    assertEquals(withAircompressor, urls.stream().anyMatch(u -> u.getPath().contains(AIRCOMPRESSOR_JAR)),
        "aircompressor-v3 in " + urls);
    return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }

  /**
   * Asserts which engine serves bodies within the parallel threshold: the implementation
   * may go on with what serves larger bodies on several threads ("; past ... in libdeflate blocks on N
   * threads"), which depends on the processor count.
   */
  static void assertServedBy(String serial, String implementation) {
    assertTrue(implementation.equals(serial) || implementation.startsWith(serial + "; past "), implementation);
  }
}
