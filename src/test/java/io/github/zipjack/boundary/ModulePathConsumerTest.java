package io.github.zipjack.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.boundary.ConsumerProgram.Compilation;
import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's module that requires {@code io.github.zipjack}, on the module path with only Jackson 2
 * beside it: the API works there, and the engines' package is out of its reach.
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
