package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * A named list of {@link Series}: a numeric-heavy payload, mostly full-precision doubles, to set
 * beside the text-heavy {@link Person} records.
 * A mutable bean, not thread-safe: share instances between threads only if nobody changes them
 * (the shared instances of {@link Datasets} must not be changed).
 */
@JsonPropertyOrder({"name", "series"})
public class NumericDataset {
  private String name;
  private List<Series> series;

  /** Creates an empty dataset, for JSON decoders and the generator. */
  public NumericDataset() {
  }

  /** Creates a dataset from its name and series; the list is kept, not copied. */
  public NumericDataset(String name, List<Series> series) {
    this.name = name;
    this.series = series;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public List<Series> getSeries() {
    return series;
  }

  public void setSeries(List<Series> series) {
    this.series = series;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NumericDataset that
        && Objects.equals(name, that.name)
        && Objects.equals(series, that.series);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, series);
  }

  @Override
  public String toString() {
    return "NumericDataset{name=" + name + ", series="
        + (series == null ? "null" : series.size() + " series") + "}";
  }
}
