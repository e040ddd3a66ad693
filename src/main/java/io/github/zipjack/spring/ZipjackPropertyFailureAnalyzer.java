package io.github.zipjack.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link InvalidZipjackPropertyException} into Spring Boot's start-up report: the property,
 * its value and what is allowed, and what to change. Registered in {@code META-INF/spring.factories}.
 */
public final class ZipjackPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidZipjackPropertyException> {
  /** Made by Spring Boot from {@code META-INF/spring.factories}; holds no state. */
  public ZipjackPropertyFailureAnalyzer() {
  }

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, InvalidZipjackPropertyException cause) {
    String description = "Invalid value for property '" + cause.property() + "': '" + cause.value() + "'. "
        + cause.allowed();
    String action = "Change '" + cause.property() + "' in your application's configuration (see the "
        + "zipjack.compression.* properties in docs/spring-boot.md), or remove it to use the default.";
    return new FailureAnalysis(description, action, cause);
  }
}
