package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One record of the json-generator.com template that the study (docs/benchmarks.md) measured:
 * identifiers, a name, contact details, a lorem {@code about} text, a registration {@link Instant},
 * coordinates, tags and three friends. About 1.2 KB of compact JSON.
 * A mutable bean, not thread-safe: share instances between threads only if nobody changes them
 * (the shared instances of {@link Datasets} must not be changed). All accessors are public so that
 * Afterburner and Blackbird can reach them. The class is long only because it has 22 bean
 * properties.
 *
 * <p>{@code registered} is annotated {@code @JsonFormat(shape = STRING)}, so any mapper with the
 * {@code JavaTimeModule} writes it as an ISO-8601 string ({@code "2015-02-24T19:03:00Z"}) whatever
 * its {@code WRITE_DATES_AS_TIMESTAMPS} setting; a mapper without that module cannot write a
 * Person.
 */
@JsonPropertyOrder({
  "id", "index", "guid", "isActive", "balance", "picture", "age", "eyeColor", "name", "company",
  "email", "phone", "address", "about", "registered", "latitude", "longitude", "tags", "range",
  "friends", "greeting", "favoriteFruit"
})
public class Person {
  private String id;
  private int index;
  private String guid;
  private boolean active;
  private String balance;
  private String picture;
  private int age;
  private EyeColor eyeColor;
  private Name name;
  private String company;
  private String email;
  private String phone;
  private Address address;
  private String about;
  @JsonFormat(shape = JsonFormat.Shape.STRING)
  private Instant registered;
  private double latitude;
  private double longitude;
  private List<String> tags;
  private int[] range;
  private List<Friend> friends;
  private String greeting;
  private String favoriteFruit;

  /** Creates an empty person, for JSON decoders and the generator. */
  public Person() {
  }

  /** 24 lower-case hex digits, like a MongoDB ObjectId. */
  public String getId() {
    return id;
  }

  public void setId(String id) {
    this.id = id;
  }

  /** Position of the record in the generated list, from 0. */
  public int getIndex() {
    return index;
  }

  public void setIndex(int index) {
    this.index = index;
  }

  /** A random (version 4) UUID in its 36-character text form. */
  public String getGuid() {
    return guid;
  }

  public void setGuid(String guid) {
    this.guid = guid;
  }

  /** Written as the JSON property {@code "isActive"}. */
  @JsonProperty("isActive")
  public boolean isActive() {
    return active;
  }

  @JsonProperty("isActive")
  public void setActive(boolean active) {
    this.active = active;
  }

  /** An amount in US dollars as text, {@code "$1,034.79"}. */
  public String getBalance() {
    return balance;
  }

  public void setBalance(String balance) {
    this.balance = balance;
  }

  public String getPicture() {
    return picture;
  }

  public void setPicture(String picture) {
    this.picture = picture;
  }

  /** Age in years, 20 to 40. */
  public int getAge() {
    return age;
  }

  public void setAge(int age) {
    this.age = age;
  }

  public EyeColor getEyeColor() {
    return eyeColor;
  }

  public void setEyeColor(EyeColor eyeColor) {
    this.eyeColor = eyeColor;
  }

  public Name getName() {
    return name;
  }

  public void setName(Name name) {
    this.name = name;
  }

  /** The company name in upper case. */
  public String getCompany() {
    return company;
  }

  public void setCompany(String company) {
    this.company = company;
  }

  /** {@code first.last@company.tld} in lower case. */
  public String getEmail() {
    return email;
  }

  public void setEmail(String email) {
    this.email = email;
  }

  /** A US phone number, {@code "+1 (986) 575-3167"}. */
  public String getPhone() {
    return phone;
  }

  public void setPhone(String phone) {
    this.phone = phone;
  }

  public Address getAddress() {
    return address;
  }

  public void setAddress(Address address) {
    this.address = address;
  }

  /** Three to seven sentences of lorem ipsum. */
  public String getAbout() {
    return about;
  }

  public void setAbout(String about) {
    this.about = about;
  }

  /** When the person registered, to the second. */
  public Instant getRegistered() {
    return registered;
  }

  public void setRegistered(Instant registered) {
    this.registered = registered;
  }

  /** Degrees, rounded to 6 decimals by the generator. */
  public double getLatitude() {
    return latitude;
  }

  public void setLatitude(double latitude) {
    this.latitude = latitude;
  }

  /** Degrees, rounded to 6 decimals by the generator. */
  public double getLongitude() {
    return longitude;
  }

  public void setLongitude(double longitude) {
    this.longitude = longitude;
  }

  /** Five lorem words. */
  public List<String> getTags() {
    return tags;
  }

  public void setTags(List<String> tags) {
    this.tags = tags;
  }

  /** The numbers 0 to 9; the array is shared, not copied. */
  public int[] getRange() {
    return range;
  }

  public void setRange(int[] range) {
    this.range = range;
  }

  public List<Friend> getFriends() {
    return friends;
  }

  public void setFriends(List<Friend> friends) {
    this.friends = friends;
  }

  /** {@code "Hello, First! You have 7 unread messages."} */
  public String getGreeting() {
    return greeting;
  }

  public void setGreeting(String greeting) {
    this.greeting = greeting;
  }

  /** apple, banana or strawberry. */
  public String getFavoriteFruit() {
    return favoriteFruit;
  }

  public void setFavoriteFruit(String favoriteFruit) {
    this.favoriteFruit = favoriteFruit;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Person that
        && index == that.index
        && active == that.active
        && age == that.age
        && Double.compare(latitude, that.latitude) == 0
        && Double.compare(longitude, that.longitude) == 0
        && Objects.equals(id, that.id)
        && Objects.equals(guid, that.guid)
        && Objects.equals(balance, that.balance)
        && Objects.equals(picture, that.picture)
        && eyeColor == that.eyeColor
        && Objects.equals(name, that.name)
        && Objects.equals(company, that.company)
        && Objects.equals(email, that.email)
        && Objects.equals(phone, that.phone)
        && Objects.equals(address, that.address)
        && Objects.equals(about, that.about)
        && Objects.equals(registered, that.registered)
        && Objects.equals(tags, that.tags)
        && Arrays.equals(range, that.range)
        && Objects.equals(friends, that.friends)
        && Objects.equals(greeting, that.greeting)
        && Objects.equals(favoriteFruit, that.favoriteFruit);
  }

  @Override
  public int hashCode() {
    int result = Objects.hash(id, index, guid, active, balance, picture, age, eyeColor, name,
        company, email, phone, address, about, registered, latitude, longitude, tags,
        friends, greeting, favoriteFruit);
    return 31 * result + Arrays.hashCode(range);
  }

  @Override
  public String toString() {
    return "Person{id=" + id + ", index=" + index + ", guid=" + guid + ", isActive=" + active
        + ", balance=" + balance + ", picture=" + picture + ", age=" + age
        + ", eyeColor=" + eyeColor + ", name=" + name + ", company=" + company
        + ", email=" + email + ", phone=" + phone + ", address=" + address
        + ", about=" + about + ", registered=" + registered + ", latitude=" + latitude
        + ", longitude=" + longitude + ", tags=" + tags + ", range=" + Arrays.toString(range)
        + ", friends=" + friends + ", greeting=" + greeting
        + ", favoriteFruit=" + favoriteFruit + "}";
  }
}
