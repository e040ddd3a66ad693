package io.github.zipjack.codec;

/**
 * Loads a class from one of zipjack's optional dependencies, or fails with a message that names the
 * feature that needs it and the artifact to add.
 */
public final class OptionalDependency {
  private OptionalDependency() {}

  /**
   * @param className the class to load
   * @param feature what the user asked for, such as {@code Format.MSGPACK}
   * @param artifact the Maven coordinates that provide the class
   * @throws IllegalStateException if the class is not on the class path, or, when zipjack runs as a
   *     named module, not in a module of the module graph either (the message says so: an optional
   *     dependency on the module path is resolved only when something requires it)
   */
  public static Class<?> load(String className, String feature, String artifact) {
    try {
      return Class.forName(className, true, OptionalDependency.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      String modulePath = OptionalDependency.class.getModule().isNamed()
          ? "; on the module path, its module must also be resolved: require it or pass --add-modules" : "";
      throw new IllegalStateException(feature + " needs " + artifact
          + " on the class path (it is an optional dependency of zipjack" + modulePath + ")", e);
    }
  }
}
