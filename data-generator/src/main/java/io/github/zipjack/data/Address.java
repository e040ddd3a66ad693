package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * A postal address in the United States: house number, street, city, state and ZIP code.
 * A mutable bean, not thread-safe: share instances between threads only if nobody changes them
 * (the shared instances of {@link Datasets} must not be changed).
 */
@JsonPropertyOrder({"number", "street", "city", "state", "zip"})
public class Address {
  private int number;
  private String street;
  private String city;
  private String state;
  private String zip;

  /** Creates an empty address, for JSON decoders. */
  public Address() {
  }

  /** Creates an address from its parts. */
  public Address(int number, String street, String city, String state, String zip) {
    this.number = number;
    this.street = street;
    this.city = city;
    this.state = state;
    this.zip = zip;
  }

  public int getNumber() {
    return number;
  }

  public void setNumber(int number) {
    this.number = number;
  }

  public String getStreet() {
    return street;
  }

  public void setStreet(String street) {
    this.street = street;
  }

  public String getCity() {
    return city;
  }

  public void setCity(String city) {
    this.city = city;
  }

  public String getState() {
    return state;
  }

  public void setState(String state) {
    this.state = state;
  }

  public String getZip() {
    return zip;
  }

  public void setZip(String zip) {
    this.zip = zip;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Address that
        && number == that.number
        && Objects.equals(street, that.street)
        && Objects.equals(city, that.city)
        && Objects.equals(state, that.state)
        && Objects.equals(zip, that.zip);
  }

  @Override
  public int hashCode() {
    return Objects.hash(number, street, city, state, zip);
  }

  @Override
  public String toString() {
    return number + " " + street + ", " + city + ", " + state + " " + zip;
  }
}
