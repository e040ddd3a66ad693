package io.github.zipjack.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.github.zipjack.Pipeline;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A small program that uses zipjack as a user's code does, written to a folder, compiled with the
 * running JDK's javac and run in a child JVM of the same JDK, with nothing but the library's classes
 * and the Jackson 2 jars it needs: on the module path or on the class path.
 */
final class ConsumerProgram {
  /** Encodes a record to gzip JSON with a pipeline and decodes it back; prints what happened. */
  static final String MAIN = """
      package consumer.app;

      import io.github.zipjack.Compression;
      import io.github.zipjack.Format;
      import io.github.zipjack.Pipeline;
      import java.io.ByteArrayInputStream;
      import java.nio.charset.StandardCharsets;
      import java.util.List;
      import java.util.zip.GZIPInputStream;

      public final class Main {
        public record Order(String id, int quantity, List<String> items) {}

        public static void main(String[] args) throws Exception {
          Order order = new Order("A-1", 3, List.of("tea", "cups"));
          try (Pipeline pipeline = Pipeline.builder().format(Format.JSON).compression(Compression.gzip(1)).build()) {
            byte[] body = pipeline.encode(order);
            try (GZIPInputStream json = new GZIPInputStream(new ByteArrayInputStream(body))) {
              System.out.println(new String(json.readAllBytes(), StandardCharsets.UTF_8));
            }
            System.out.println("decoded equal: " + pipeline.decode(body, Order.class).equals(order));
            System.out.println(moduleOf(Main.class) + " uses " + moduleOf(Pipeline.class));
          }
        }

        private static String moduleOf(Class<?> type) {
          return type.getModule().isNamed() ? "module " + type.getModule().getName() : "the class path";
        }
      }
      """;

  private ConsumerProgram() {}

  /** What {@link #MAIN} prints when it runs as {@code consumer} and zipjack as {@code library}. */
  static String expectedOutput(String consumer, String library) {
    return "{\"id\":\"A-1\",\"quantity\":3,\"items\":[\"tea\",\"cups\"]}\n"
        + "decoded equal: true\n"
        + consumer + " uses " + library + "\n";
  }

  /** The folder of the library's compiled classes (target/classes, as Maven built it). */
  static Path libraryClasses() {
    return codeSource(Pipeline.class);
  }

  /** The library's compiled module descriptor. */
  static ModuleDescriptor libraryModule() throws IOException {
    try (InputStream in = Files.newInputStream(libraryClasses().resolve("module-info.class"))) {
      return ModuleDescriptor.read(in);
    }
  }

  /** The library's classes and the Jackson 2 jars its module requires, joined as a path. */
  static String libraryPath() {
    return Stream.of(Pipeline.class, ObjectMapper.class, JsonFactory.class, JsonInclude.class, JavaTimeModule.class)
        .map(ConsumerProgram::codeSource)
        .map(Path::toString)
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** The jar or folder that holds {@code type}. */
  static Path codeSource(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("no file for " + type, e);
    }
  }

  /** Whether javac accepted the sources, and what it said (in English). */
  record Compilation(boolean succeeded, String diagnostics) {}

  /**
   * Writes {@code sources} (relative file name to text) under {@code dir/src} and compiles them into
   * {@link #classes(Path)} against {@link #libraryPath()}, given as {@code pathOption}
   * ({@code --module-path} or {@code -classpath}).
   */
  static Compilation compile(Path dir, String pathOption, Map<String, String> sources) throws IOException {
    List<File> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = dir.resolve("src").resolve(source.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue(), StandardCharsets.UTF_8);
      files.add(file.toFile());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "the tests need a JDK, not a JRE");
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(diagnostics, Locale.ENGLISH,
        StandardCharsets.UTF_8)) {
      List<String> options = new ArrayList<>(List.of(pathOption, libraryPath(), "-d", classes(dir).toString()));
      if (!pathOption.equals("-classpath")) {
        // an empty class path: given none, javac in this JVM takes the tests', which holds the library too
        options.addAll(List.of("-classpath", Files.createDirectories(dir.resolve("empty")).toString()));
      }
      boolean succeeded = javac.getTask(null, fileManager, diagnostics, options, null,
          fileManager.getJavaFileObjectsFromFiles(files)).call();
      String said = diagnostics.getDiagnostics().stream()
          .map(d -> d.getKind() + (d.getSource() == null ? "" : " " + d.getSource().getName() + ":" + d.getLineNumber())
              + ": " + d.getMessage(Locale.ENGLISH))
          .collect(Collectors.joining("\n"));
      return new Compilation(succeeded, said);
    }
  }

  /** Where {@link #compile} writes the classes. */
  static Path classes(Path dir) {
    return dir.resolve("classes");
  }

  /**
   * Runs {@code java} of the running JDK with {@code arguments}, in {@code dir}; its standard output
   * and error together, after checking that it exited with 0 within a minute (else it is killed).
   */
  static String run(Path dir, String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(arguments));
    Path output = dir.resolve("java.out");
    Process java = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(output.toFile()).start();
    if (!java.waitFor(60, TimeUnit.SECONDS)) {
      java.destroyForcibly().waitFor();
      throw new AssertionError("no exit within 60 s: " + command + "\n" + Files.readString(output));
    }
    String text = Files.readString(output, StandardCharsets.UTF_8);
    assertEquals(0, java.exitValue(), () -> "exit status of " + command + ":\n" + text);
    return text;
  }
}
