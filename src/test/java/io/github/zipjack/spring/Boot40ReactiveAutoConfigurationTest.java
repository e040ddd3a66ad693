package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * zipjack's WebFlux and WebClient auto-configurations on Spring Boot 4.0, the line before the 4.1
 * the build tests with: in a class loader whose Boot classes all come from Boot 4.0's jars (copied
 * by the build to {@code target/boot-4.0}; a Boot class they do not have is not found, never taken
 * from 4.1) and whose zipjack classes link against them, {@link Boot40Probe} starts both
 * auto-configurations and applies their customizers to Boot 4.0's codecs, WebClient builder and
 * Reactor Netty connector builder, and {@link Boot40ServiceProbe} starts a whole WebFlux service on
 * Boot 4.0's Reactor Netty server and calls it.
 */
class Boot40ReactiveAutoConfigurationTest {
  @Test
  void theWebFluxAndWebClientAutoConfigurationsWorkOnBoot40() throws Exception {
    assertEquals(List.of("writer", "request filter", "WebClient filter", "WebClient decoder", "connector"),
        callInBoot40(Boot40Probe.class));
  }

  @Test
  void aWholeWebFluxServiceOnBoot40AnswersCompressedWithExactLengthsAndItsWebClientDecodes() throws Exception {
    assertEquals(List.of("zstd with an exact length", "gzip with an exact length", "request bomb refused with 413",
        "WebClient read a compressed answer into objects"), callInBoot40(Boot40ServiceProbe.class));
  }

  /**
   * Makes {@code probe} in a class loader whose Boot classes are all Boot 4.0's (checked) and calls
   * it with that loader as the thread's context loader, in which Boot makes its proxies.
   */
  private static List<String> callInBoot40(Class<? extends Callable<List<String>>> probe) throws Exception {
    try (BootVersionClassLoader loader = new BootVersionClassLoader(jars())) {
      @SuppressWarnings("unchecked")
      Callable<List<String>> made = (Callable<List<String>>) loader.loadClass(probe.getName()).getConstructor()
          .newInstance();
      assertTrue(loader.loadClass("org.springframework.boot.SpringApplication").getProtectionDomain()
          .getCodeSource().getLocation().getPath().endsWith("spring-boot-4.0.9.jar"));
      Thread thread = Thread.currentThread();
      ClassLoader context = thread.getContextClassLoader();
      thread.setContextClassLoader(loader);
      try {
        return made.call();
      } finally {
        thread.setContextClassLoader(context);
      }
    }
  }

  /** Boot 4.0's jars, then zipjack's classes and these tests'. */
  private static URL[] jars() throws IOException {
    File[] boot = new File(System.getProperty("zipjack.boot40Jars", "target/boot-4.0")).listFiles(
        (dir, name) -> name.endsWith(".jar"));
    if (boot == null || boot.length == 0) {
      throw new IOException("no Boot 4.0 jars in " + System.getProperty("zipjack.boot40Jars")
          + ": the build copies them there (maven-dependency-plugin, boot-4.0-jars)");
    }
    List<URL> urls = new ArrayList<>();
    for (File jar : boot) {
      urls.add(jar.toURI().toURL());
    }
    urls.add(ZipjackReactiveAutoConfiguration.class.getProtectionDomain().getCodeSource().getLocation());
    urls.add(Boot40Probe.class.getProtectionDomain().getCodeSource().getLocation());
    return urls.toArray(new URL[0]);
  }

  /**
   * Loads Boot's and zipjack's classes (and Boot's resources) from its own jars only, everything
   * else (Spring Framework, Reactor, Jackson) from the test's class path.
   */
  private static final class BootVersionClassLoader extends URLClassLoader {
    BootVersionClassLoader(URL[] urls) {
      super("boot-4.0", urls, BootVersionClassLoader.class.getClassLoader());
    }

    private static boolean own(String name) {
      return name.startsWith("org.springframework.boot.") || name.startsWith("io.github.zipjack.");
    }

    private static boolean ownResource(String name) {
      return name.startsWith("org/springframework/boot/") || name.startsWith("io/github/zipjack/")
          || name.startsWith("META-INF/spring");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!own(name)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> loaded = findLoadedClass(name);
        if (loaded == null) {
          loaded = findClass(name);
        }
        if (resolve) {
          resolveClass(loaded);
        }
        return loaded;
      }
    }

    @Override
    public URL getResource(String name) {
      return ownResource(name) ? findResource(name) : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
      return ownResource(name) ? findResources(name) : super.getResources(name);
    }
  }

}
