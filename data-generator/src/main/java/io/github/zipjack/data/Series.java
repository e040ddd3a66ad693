package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * A regularly sampled time series: {@code values[i]} was taken at
 * {@code start + i * intervalMillis}. The values are a noisy random walk written at full double
 * precision, the case where JSON text is least efficient.
 * A mutable bean, not thread-safe: share instances between threads only if nobody changes them
 * (the shared instances of {@link Datasets} must not be changed). {@link #getValues()} returns the
 * array itself, not a copy. {@code start} is always written as an ISO-8601 string (see
 * {@link Person}).
 */
@JsonPropertyOrder({"id", "name", "start", "intervalMillis", "values"})
public class Series {
  private int id;
  private String name;
  @JsonFormat(shape = JsonFormat.Shape.STRING)
  private Instant start;
  private long intervalMillis;
  private double[] values;

  /** Creates an empty series, for JSON decoders and the generator. */
  public Series() {
  }

  public int getId() {
    return id;
  }

  public void setId(int id) {
    this.id = id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  /** Time of the first value. */
  public Instant getStart() {
    return start;
  }

  public void setStart(Instant start) {
    this.start = start;
  }

  /** Milliseconds between two consecutive values. */
  public long getIntervalMillis() {
    return intervalMillis;
  }

  public void setIntervalMillis(long intervalMillis) {
    this.intervalMillis = intervalMillis;
  }

  /** The samples, oldest first; the array is shared, not copied. */
  public double[] getValues() {
    return values;
  }

  public void setValues(double[] values) {
    this.values = values;
  }

  /** Compares the values by content, bit for bit ({@link Arrays#equals(double[], double[])}). */
  @Override
  public boolean equals(Object o) {
    return o instanceof Series that
        && id == that.id
        && intervalMillis == that.intervalMillis
        && Objects.equals(name, that.name)
        && Objects.equals(start, that.start)
        && Arrays.equals(values, that.values);
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hash(id, name, start, intervalMillis) + Arrays.hashCode(values);
  }

  /** Shows the settings and the number of values, not the values themselves. */
  @Override
  public String toString() {
    return "Series{id=" + id + ", name=" + name + ", start=" + start
        + ", intervalMillis=" + intervalMillis
        + ", values=" + (values == null ? "null" : values.length + " doubles") + "}";
  }
}
