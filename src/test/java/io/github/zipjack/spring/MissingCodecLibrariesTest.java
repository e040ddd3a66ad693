package io.github.zipjack.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zipjack.IsolatedClassPath;
import java.io.File;
import java.net.URLClassLoader;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A Spring Boot service without zstd-jni and brotli4j (both optional): a coding listed in
 * {@code zipjack.compression.codings} whose library is missing stops start-up through zipjack's
 * failure analyzer, naming the property, the value as written and the artifact to add, on the
 * servlet and the reactive stack alike; left unset, the codings quietly leave those out; and the
 * clients' RFC 9842 dictionaries, which need zstd, are quietly off unless asked for. The
 * applications run in a class loader over the test class path without those jars
 * ({@link ApplicationsWithoutCodecLibraries}), shared by the tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MissingCodecLibrariesTest {
  private static final List<String> LEFT_OUT = List.of("zstd-jni", "brotli4j", "native-");
  private static final String BROTLI4J = "com.aayushatharva.brotli4j:brotli4j";
  private static final String ZSTD_JNI = "com.github.luben:zstd-jni";

  private URLClassLoader withoutCodecLibraries;

  @BeforeAll
  void makeLoader() throws Exception {
    withoutCodecLibraries = IsolatedClassPath.of(entry -> LEFT_OUT.stream().noneMatch(new File(entry).getName()::startsWith));
  }

  @AfterAll
  void closeLoader() throws Exception {
    withoutCodecLibraries.close();
  }

  /** What {@code method} of {@link ApplicationsWithoutCodecLibraries} tells, run in the loader without the codec jars. */
  private String run(String method, Class<?> parameterType, Object argument) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(withoutCodecLibraries);
    try {
      return (String) withoutCodecLibraries.loadClass(ApplicationsWithoutCodecLibraries.class.getName())
          .getMethod(method, parameterType).invoke(null, argument);
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  private String start(String stack, String... properties) throws Exception {
    return run(stack, String[].class, properties);
  }

  @Test
  void brotliListedWithoutBrotli4jStopsAServletApplicationThroughTheFailureAnalyzer() throws Exception {
    assertThat(start("servlet", "zipjack.compression.codings=gzip(1), br(4)"))
        .startsWith("Invalid value for property 'zipjack.compression.codings': 'gzip(1), br(4)'. ")
        .contains(BROTLI4J);
  }

  @Test
  void zstdListedWithoutZstdJniStopsAReactiveApplicationThroughTheFailureAnalyzer() throws Exception {
    assertThat(start("reactive", "zipjack.compression.codings=zstd(1)"))
        .startsWith("Invalid value for property 'zipjack.compression.codings': 'zstd(1)'. ")
        .contains(ZSTD_JNI);
  }

  @Test
  void codingsLeftUnsetQuietlyLeaveOutThoseWhoseLibraryIsMissing() throws Exception {
    assertThat(start("servlet")).startsWith("serves [gzip(1) via ").doesNotContain("zstd(", "brotli(");
    assertThat(start("reactive")).isEqualTo("writes with ReactiveWriters");
  }

  @Test
  void defaultDictionariesWithoutZstdJniAreQuietlyOff() throws Exception {
    assertThat(run("compressedHttpClient", boolean.class, false)).endsWith("dictionaries=off]");
    assertThat(start("restClient")).endsWith("dictionaries=off]");
  }

  @Test
  void dictionariesAskedForWithoutZstdJniAreRefused() throws Exception {
    assertThat(run("compressedHttpClient", boolean.class, true)).contains(ZSTD_JNI);
    assertThat(start("restClient", "zipjack.client.dictionaries.enabled=true"))
        .startsWith("Invalid value for property 'zipjack.client.dictionaries.enabled': 'true'. ").contains(ZSTD_JNI);
  }
}
