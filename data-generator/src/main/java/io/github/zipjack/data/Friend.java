package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * One entry of {@link Person#getFriends()}: a small index and a full name.
 * A mutable bean, not thread-safe: share instances between threads only if nobody changes them
 * (the shared instances of {@link Datasets} must not be changed).
 */
@JsonPropertyOrder({"id", "name"})
public class Friend {
  private int id;
  private String name;

  /** Creates an empty friend, for JSON decoders. */
  public Friend() {
  }

  /** Creates a friend with its index in the list and its full name. */
  public Friend(int id, String name) {
    this.id = id;
    this.name = name;
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

  @Override
  public boolean equals(Object o) {
    return o instanceof Friend that && id == that.id && Objects.equals(name, that.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, name);
  }

  @Override
  public String toString() {
    return "Friend{id=" + id + ", name=" + name + "}";
  }
}
