package io.github.zipjack;

import com.fasterxml.jackson.databind.Module;
import io.github.zipjack.codec.OptionalDependency;

/**
 * A Jackson module that generates faster (de)serializers. Each is an optional dependency: add the
 * module's artifact to use it; {@link Pipeline.Builder#build()} says which one is missing.
 * Both reach only public classes and members on Java 17+.
 */
public enum Accelerator {
  /** Plain Jackson reflection. */
  NONE(null, null),
  /**
   * {@code com.fasterxml.jackson.module:jackson-module-afterburner}: bytecode generation, as in the
   * study (docs/benchmarks.md).
   */
  AFTERBURNER("com.fasterxml.jackson.module.afterburner.AfterburnerModule",
      "com.fasterxml.jackson.module:jackson-module-afterburner"),
  /** {@code com.fasterxml.jackson.module:jackson-module-blackbird}: LambdaMetafactory, Afterburner's successor. */
  BLACKBIRD("com.fasterxml.jackson.module.blackbird.BlackbirdModule",
      "com.fasterxml.jackson.module:jackson-module-blackbird");

  private final String moduleClassName;
  private final String artifact;

  Accelerator(String moduleClassName, String artifact) {
    this.moduleClassName = moduleClassName;
    this.artifact = artifact;
  }

  /** A new instance of the module, or null for {@link #NONE}. */
  Module newModule() {
    if (moduleClassName == null) {
      return null;
    }
    Class<?> type = OptionalDependency.load(moduleClassName, "Accelerator." + name(), artifact);
    try {
      return (Module) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + moduleClassName + ": " + e, e);
    }
  }
}
