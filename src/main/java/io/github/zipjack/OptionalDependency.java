package io.github.zipjack;

/**
 * Loads a class from one of zipjack's optional dependencies, or fails with a message that names the
 * feature that needs it and the artifact to add.
 */
final class OptionalDependency {
  private OptionalDependency() {}

  /**
   * @param className the class to load
   * @param feature what the user asked for, such as {@code Format.MSGPACK}
   * @param artifact the Maven coordinates that provide the class
   * @throws IllegalStateException if the class is not on the class path
   */
  static Class<?> load(String className, String feature, String artifact) {
    try {
      return Class.forName(className, true, OptionalDependency.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException(feature + " needs " + artifact
          + " on the class path (it is an optional dependency of zipjack)", e);
    }
  }
}
