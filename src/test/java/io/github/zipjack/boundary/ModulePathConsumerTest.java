package io.github.zipjack.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdCompressCtx;
import io.github.zipjack.boundary.ConsumerProgram.Compilation;
import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's module that requires {@code io.github.zipjack}, on the module path with only Jackson 2
 * beside it: the API works there, the engines' package is out of its reach, and an optional
 * dependency (zstd-jni) serves once its module is in the graph.
 */
class ModulePathConsumerTest {
  /** The consumer's module: zipjack, and its package opened to Jackson, which reads its record. */
  private static final String CONSUMER_MODULE = """
      module consumer {
        requires io.github.zipjack;
        opens consumer.app to com.fasterxml.jackson.databind;
      }
      """;

  @Test
  void aModuleRequiringZipjackEncodesAndDecodesGzipJson(@TempDir Path dir) throws Exception {
    Compilation compiled = ConsumerProgram.compile(dir, "--module-path",
        Map.of("module-info.java", CONSUMER_MODULE, "consumer/app/Main.java", ConsumerProgram.MAIN));
    assertTrue(compiled.succeeded(), compiled.diagnostics());

    String output = ConsumerProgram.run(dir,
        "--module-path", ConsumerProgram.classes(dir) + File.pathSeparator + ConsumerProgram.libraryPath(),
        "--module", "consumer/consumer.app.Main");

    assertEquals(ConsumerProgram.expectedOutput("module consumer", "module io.github.zipjack"), output);
  }

  /** Asks for zstd, which the consumer never names: prints what serves it, or why nothing does. */
  private static final String ZSTD_MAIN = """
      package consumer.app;

      import io.github.zipjack.Compression;
      import io.github.zipjack.Pipeline;
      import java.util.Map;

      public final class Main {
        public static void main(String[] args) throws Exception {
          try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).build()) {
            System.out.println(pipeline.implementation() + ": " + pipeline.decode(pipeline.encode(Map.of("a", 1)), Map.class));
          } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
          }
        }
      }
      """;

  @Test
  void zstdOnTheModulePathServesOnceItsModuleIsAdded(@TempDir Path dir) throws Exception {
    compileZstdConsumer(dir);

    String output = ConsumerProgram.run(dir, "--module-path", zstdModulePath(dir),
        "--add-modules", "com.github.luben.zstd_jni", "--enable-native-access=com.github.luben.zstd_jni",
        "--module", "consumer/consumer.app.Main");

    assertEquals("zstd(1) via zstd-jni: {a=1}\n", output);
  }

  @Test
  void zstdOnTheModulePathButOutOfTheGraphFailsAtBuildSayingHowToAddIt(@TempDir Path dir) throws Exception {
    compileZstdConsumer(dir);

    String output = ConsumerProgram.run(dir, "--module-path", zstdModulePath(dir),
        "--module", "consumer/consumer.app.Main");

    assertTrue(output.startsWith("Compression.zstd(level) needs com.github.luben:zstd-jni on the class path"), output);
    assertTrue(output.contains("on the module path, its module must also be resolved: require it or pass --add-modules"),
        output);
  }

  private static void compileZstdConsumer(Path dir) throws Exception {
    Compilation compiled = ConsumerProgram.compile(dir, "--module-path",
        Map.of("module-info.java", CONSUMER_MODULE, "consumer/app/Main.java", ZSTD_MAIN));
    assertTrue(compiled.succeeded(), compiled.diagnostics());
  }

  /** The consumer, the library, Jackson 2 and zstd-jni's jar. */
  private static String zstdModulePath(Path dir) {
    return ConsumerProgram.classes(dir) + File.pathSeparator + ConsumerProgram.libraryPath() + File.pathSeparator
        + ConsumerProgram.codeSource(ZstdCompressCtx.class);
  }

  @Test
  void aModuleImportingTheCodecPackageDoesNotCompile(@TempDir Path dir) throws Exception {
    String main = """
        package consumer.app;

        import io.github.zipjack.codec.CompressionEngine;

        public final class Main {
          public static void main(String[] args) {
            System.out.println(CompressionEngine.class);
          }
        }
        """;

    Compilation compiled = ConsumerProgram.compile(dir, "--module-path",
        Map.of("module-info.java", CONSUMER_MODULE, "consumer/app/Main.java", main));

    assertFalse(compiled.succeeded(), compiled.diagnostics());
    assertTrue(compiled.diagnostics().contains(
        "package io.github.zipjack.codec is declared in module io.github.zipjack, which does not export it"),
        compiled.diagnostics());
  }
}
