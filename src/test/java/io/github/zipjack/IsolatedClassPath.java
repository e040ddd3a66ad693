package io.github.zipjack;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Class loaders over part of the test class path, under the platform class loader, so that nothing
 * left out can be seen through a parent: a service that did not add some optional jars.
 */
public final class IsolatedClassPath {
  private IsolatedClassPath() {}

  /**
   * @param kept given each entry of the test class path (a jar's or a folder's path), true to keep it
   * @return a loader of the entries kept; the caller closes it
   */
  public static URLClassLoader of(Predicate<String> kept) throws MalformedURLException {
    String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<URL> urls = new ArrayList<>();
    for (String entry : path.split(File.pathSeparator)) {
      if (kept.test(entry)) {
        urls.add(new File(entry).toURI().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }
}
