package io.github.zipjack.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The usage example in README.md compiles against the library and does what it says. */
class ReadmeExampleTest {

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  @Test
  void readmeUsageExampleCompilesAndRoundTrips(@TempDir Path dir) throws Exception {
    String example = firstJavaBlock(Files.readString(Path.of("README.md"), StandardCharsets.UTF_8));
    String source = "import io.github.zipjack.*;\n"
        + "import com.fasterxml.jackson.core.type.TypeReference;\n"
        + "import java.io.OutputStream;\n"
        + "import java.util.List;\n"
        + "public class ReadmeExample {\n"
        + "  public record Order(String id, long cents) {}\n"
        + "  public static Object[] run(List<Order> orders, OutputStream out) throws Exception {\n"
        + example
        + "    return new Object[] {contentLength, back};\n"
        + "  }\n"
        + "}\n";
    Path file = dir.resolve("ReadmeExample.java");
    Files.writeString(file, source);

    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    assertNotNull(compiler, "tests need a JDK, not a JRE");
    StringWriter diagnostics = new StringWriter();
    boolean compiled = compiler.getTask(diagnostics, null, null,
        List.of("-classpath", testClassPath(), "-d", dir.toString()), null,
        compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(file.toFile()))
        .call();
    assertTrue(compiled, "README example does not compile:\n" + diagnostics + "\n" + source);

    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> exampleClass = loader.loadClass("ReadmeExample");
      Class<?> order = loader.loadClass("ReadmeExample$Order");
      List<Object> orders = List.of(
          order.getConstructor(String.class, long.class).newInstance("A-1", 1999L),
          order.getConstructor(String.class, long.class).newInstance("B-2", 5L));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Method run = exampleClass.getMethod("run", List.class, java.io.OutputStream.class);
      Object[] result = (Object[]) run.invoke(null, orders, out);
      assertEquals((long) out.size(), result[0], "contentLength is the number of bytes written");
      assertEquals(orders, result[1], "decode(encode(orders)) equals orders");
      assertTrue(out.size() > 0);
    }
  }

  private static String firstJavaBlock(String readme) {
    Matcher m = JAVA_BLOCK.matcher(readme);
    assertTrue(m.find(), "README.md has no ```java block");
    return m.group(1);
  }

  /** Surefire puts the real class path in this property; java.class.path may be a manifest jar. */
  private static String testClassPath() {
    String path = System.getProperty("surefire.test.class.path");
    if (path == null || path.isEmpty()) {
      path = System.getProperty("java.class.path");
    }
    assertTrue(path.contains("classes"), "no class path to compile against: " + path);
    return path;
  }
}
