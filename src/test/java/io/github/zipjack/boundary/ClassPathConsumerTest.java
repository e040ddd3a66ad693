package io.github.zipjack.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.boundary.ConsumerProgram.Compilation;
import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's code on the class path, with zipjack and only Jackson 2 beside it, as most services run:
 * the module descriptor changes nothing there.
 */
class ClassPathConsumerTest {

  @Test
  void codeOnTheClassPathEncodesAndDecodesGzipJson(@TempDir Path dir) throws Exception {
    Compilation compiled = ConsumerProgram.compile(dir, "-classpath",
        Map.of("consumer/app/Main.java", ConsumerProgram.MAIN));
    assertTrue(compiled.succeeded(), compiled.diagnostics());

    String output = ConsumerProgram.run(dir,
        "-classpath", ConsumerProgram.classes(dir) + File.pathSeparator + ConsumerProgram.libraryPath(),
        "consumer.app.Main");

    assertEquals(ConsumerProgram.expectedOutput("the class path", "the class path"), output);
  }
}
