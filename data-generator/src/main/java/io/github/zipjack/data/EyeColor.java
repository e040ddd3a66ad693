package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The eye colour of a {@link Person}, written in JSON as a lower-case string ({@code "blue"}).
 * Immutable and thread-safe, like every enum.
 */
public enum EyeColor {
  @JsonProperty("blue") BLUE,
  @JsonProperty("brown") BROWN,
  @JsonProperty("green") GREEN
}
