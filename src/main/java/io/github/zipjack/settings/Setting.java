package io.github.zipjack.settings;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One setting's definition: its names (builder method and init parameter, Spring property), where
 * it is offered, its kind (how text is parsed), its range, its default and a one-line doc. The
 * builders, the filter's init parameters and the Spring properties take their checks and defaults
 * from here, so that the same bad value gets the same message everywhere:
 * {@code encoderPoolSize must be in [0, 1024]: 2000}. Immutable and thread-safe.
 *
 * <p>Internal: this package is not exported, and no public API takes or returns its types.
 *
 * @param <T> the type of the setting's value: {@code Long} for byte sizes and milliseconds,
 *     {@code Integer} for counts and ratios, {@code Boolean} for flags, {@code String} for text the
 *     owner parses; builder-only values ({@link Kind#VALUE}) are typed by their builder method
 */
public final class Setting<T> {
  /** Where a setting can be given. */
  public enum Surface {
    /** A method of {@code Pipeline.Builder}. */
    PIPELINE_BUILDER,
    /** A method of {@code CompressionSettings.Builder}. */
    FILTER_BUILDER,
    /** An init parameter of {@code CompressionFilter}, named as its builder method. */
    INIT_PARAMETER,
    /** A {@code zipjack.compression.*} Spring Boot property. */
    SPRING_PROPERTY,
    /** A method of {@code CompressedHttpClient.Builder}. */
    CLIENT_BUILDER,
    /** A method of {@code DictionarySettings.Builder}, the client's RFC 9842 dictionaries. */
    DICTIONARY_BUILDER,
    /** A {@code zipjack.client.*} Spring Boot property. */
    CLIENT_PROPERTY
  }

  /** How a setting's value is written as text, and so how it is parsed and shown. */
  public enum Kind {
    /** A whole number (a count or a ratio): {@code 32}; never a byte size such as {@code 8MiB}. */
    COUNT,
    /** A number of bytes: {@code 1024}, {@code 64KiB}, {@code 8MiB}, {@code 1GiB}; Spring: a DataSize. */
    BYTES,
    /** A number of milliseconds: {@code 20}; Spring: a Duration such as {@code 20ms}. */
    MILLIS,
    /** {@code true} or {@code false}. */
    FLAG,
    /** Text in the setting's own syntax, which its owner parses (codings, media types, paths). */
    TEXT,
    /** An object given to a builder method only (a mapper, an executor, a dictionary). */
    VALUE
  }

  /** The prefix of every property of the auto-configured filter. */
  public static final String SPRING_PREFIX = "zipjack.compression.";
  /** The prefix of every property of the auto-configured client interceptor. */
  public static final String CLIENT_PREFIX = "zipjack.client.";

  private static final long KIB = 1024;
  private static final Pattern BYTE_SIZE = Pattern.compile("(\\d+)\\s*(|b|kib|mib|gib)", Pattern.CASE_INSENSITIVE);
  private static final Pattern WHOLE_NUMBER = Pattern.compile("\\d+");
  /** Digits a long always holds. */
  private static final int SAFE_DIGITS = 18;

  private final String name;
  private final String property;
  private final EnumSet<Surface> surfaces;
  private final Kind kind;
  /** Bounds of a COUNT, BYTES or MILLIS value, inclusive; {@code max == Long.MAX_VALUE}: no upper bound. */
  private final long min;
  private final long max;
  /** What a special value of the range means, for messages and docs: {@code " (0 = no pooling)"}, or "". */
  private final String rangeNote;
  private final Supplier<T> defaultValue;
  /** The default as docs show it when it is not a plain value (the number of processors), or null. */
  private final String shownDefault;
  private final String doc;

  private Setting(String name, String property, EnumSet<Surface> surfaces, Kind kind, long min, long max,
      String rangeNote, Supplier<T> defaultValue, String shownDefault, String doc) {
    this.name = name;
    this.property = property;
    this.surfaces = surfaces;
    this.kind = kind;
    this.min = min;
    this.max = max;
    this.rangeNote = rangeNote;
    this.defaultValue = defaultValue;
    this.shownDefault = shownDefault;
    this.doc = doc;
  }

  /** A whole-number setting (a count or a ratio) in [min, max]. */
  static Setting<Integer> count(String name, int min, int max, int defaultValue, String doc) {
    return of(name, Kind.COUNT, min, max, () -> defaultValue, null, doc);
  }

  /** A byte-size setting in [min, max]; {@code Long.MAX_VALUE} as max for no upper bound. */
  static Setting<Long> bytes(String name, long min, long max, long defaultValue, String doc) {
    return of(name, Kind.BYTES, min, max, () -> defaultValue, null, doc);
  }

  /** A setting in milliseconds in [min, max]. */
  static Setting<Long> millis(String name, long min, long max, long defaultValue, String doc) {
    return of(name, Kind.MILLIS, min, max, () -> defaultValue, null, doc);
  }

  /** A true-or-false setting. */
  static Setting<Boolean> flag(String name, boolean defaultValue, String doc) {
    return of(name, Kind.FLAG, 0, 0, () -> defaultValue, null, doc);
  }

  /** A setting in text of its own syntax, whose owner parses and checks it, with its default text. */
  static Setting<String> text(String name, String defaultValue, String doc) {
    return of(name, Kind.TEXT, 0, 0, () -> defaultValue, null, doc);
  }

  /** A setting in text of its own syntax whose default is not a text (the owner decides); as docs show it. */
  static Setting<String> textWithoutDefault(String name, String shownDefault, String doc) {
    return of(name, Kind.TEXT, 0, 0, () -> null, shownDefault, doc);
  }

  /** A builder-only object; its default as docs show it. */
  static Setting<Object> value(String name, String shownDefault, String doc) {
    return of(name, Kind.VALUE, 0, 0, () -> null, shownDefault, doc);
  }

  /** A setting on no surface yet and with no note on its range. */
  private static <T> Setting<T> of(String name, Kind kind, long min, long max, Supplier<T> defaultValue,
      String shownDefault, String doc) {
    return new Setting<>(name, null, EnumSet.noneOf(Surface.class), kind, min, max, "", defaultValue, shownDefault,
        doc);
  }

  /** This setting offered on these surfaces too (not the Spring property: {@link #property(String)}). */
  Setting<T> on(Surface... more) {
    EnumSet<Surface> all = EnumSet.copyOf(surfaces);
    all.addAll(Set.of(more));
    return new Setting<>(name, property, all, kind, min, max, rangeNote, defaultValue, shownDefault, doc);
  }

  /** This setting as the Spring property {@code zipjack.compression.<property>} too. */
  Setting<T> property(String springProperty) {
    return asProperty(Surface.SPRING_PROPERTY, springProperty);
  }

  /** This setting as the Spring property {@code zipjack.client.<property>} too. */
  Setting<T> clientProperty(String springProperty) {
    return asProperty(Surface.CLIENT_PROPERTY, springProperty);
  }

  /** A setting is one Spring property at most: the filter's or the client's. */
  private Setting<T> asProperty(Surface surface, String springProperty) {
    if (property != null) {
      throw new IllegalStateException(name + " is already the property " + propertyName());
    }
    EnumSet<Surface> all = EnumSet.copyOf(surfaces);
    all.add(surface);
    return new Setting<>(name, springProperty, all, kind, min, max, rangeNote, defaultValue, shownDefault, doc);
  }

  /** This setting with a note on a special value, shown after its range: {@code " (0 = no pooling)"}. */
  Setting<T> rangeNote(String note) {
    return new Setting<>(name, property, surfaces, kind, min, max, note, defaultValue, shownDefault, doc);
  }

  /** This setting with a default computed at each use, shown in docs as {@code shown}. */
  Setting<T> computedDefault(Supplier<T> computed, String shown) {
    return new Setting<>(name, property, surfaces, kind, min, max, rangeNote, computed, shown, doc);
  }

  /** This setting's range and kind under another name, default and doc (one range for two settings). */
  Setting<T> sameRangeAs(String otherName, T otherDefault, String otherDoc) {
    return of(otherName, kind, min, max, () -> otherDefault, null, otherDoc).rangeNote(rangeNote);
  }

  /** The builder method's name, which is also the init parameter's: {@code encoderPoolSize}. */
  public String name() {
    return name;
  }

  /**
   * The Spring property after its prefix ({@link #SPRING_PREFIX} or {@link #CLIENT_PREFIX}):
   * {@code encoder-pool-size}; null when there is none.
   */
  public String property() {
    return property;
  }

  /** The Spring property's full name, {@code zipjack.client.max-decoded-size}; null when there is none. */
  public String propertyName() {
    if (property == null) {
      return null;
    }
    return (surfaces.contains(Surface.CLIENT_PROPERTY) ? CLIENT_PREFIX : SPRING_PREFIX) + property;
  }

  /** Whether the setting is offered on {@code surface}. */
  public boolean isOn(Surface surface) {
    return surfaces.contains(surface);
  }

  /** How the value is written as text. */
  public Kind kind() {
    return kind;
  }

  /**
   * The default value; null for {@link Kind#VALUE} and for text whose owner holds its default (the
   * codings offered, the media types).
   */
  public T defaultValue() {
    return defaultValue.get();
  }

  /** The one-line doc, in Markdown (links relative to the repository's root). */
  public String doc() {
    return doc;
  }

  /**
   * The range as messages and docs show it: {@code in [0, 1024]}, {@code >= 1}, with the note on a special value;
   * empty for settings without a numeric range.
   */
  public String range() {
    if (!isNumeric()) {
      return "";
    }
    return (max == Long.MAX_VALUE ? ">= " + min : "in [" + min + ", " + max + "]") + rangeNote;
  }

  /** The default as the builders' docs show it: {@code 8 MiB}, {@code 32}, {@code the number of processors}. */
  public String shownDefault() {
    if (shownDefault != null) {
      return shownDefault;
    }
    Object value = defaultValue();
    if (kind == Kind.BYTES) {
      return byteSize((Long) value);
    }
    if (kind == Kind.COUNT) {
      return String.format(Locale.ROOT, "%,d", (Integer) value);
    }
    return String.valueOf(value);
  }

  /**
   * The default as a Spring property value, as Spring Boot's metadata shows it: {@code 8MB} for a
   * DataSize (Spring's MB is 2^20 bytes), {@code 20ms} for a Duration; null when it is computed.
   */
  public String springDefault() {
    Object value = defaultValue();
    if (value == null || shownDefault != null) {
      return null;
    }
    if (kind == Kind.BYTES) {
      long bytes = (Long) value;
      for (String unit : new String[] {"GB", "MB", "KB"}) {
        long scale = unit.equals("GB") ? KIB * KIB * KIB : unit.equals("MB") ? KIB * KIB : KIB;
        if (bytes >= scale && bytes % scale == 0) {
          return bytes / scale + unit;
        }
      }
      return bytes + "B";
    }
    if (kind == Kind.MILLIS) {
      return value + "ms";
    }
    return String.valueOf(value);
  }

  /**
   * Returns {@code value} if it is in range.
   *
   * @throws IllegalArgumentException naming the setting, the value and the range:
   *     {@code encoderPoolSize must be in [0, 1024]: 2000}
   */
  public long check(long value) {
    if (value < min || value > max) {
      throw outOfRange(String.valueOf(value));
    }
    return value;
  }

  /**
   * Returns {@code value} if it is in range; see {@link #check(long)}.
   *
   * @throws IllegalArgumentException naming the setting, the value and the range
   */
  public int check(int value) {
    return (int) check((long) value);
  }

  /**
   * The value written as text, parsed as its kind says and checked: a count as a whole number, a
   * byte size with an optional unit (KiB, MiB, GiB), milliseconds as a whole number, a flag as
   * {@code true} or {@code false}; text is returned trimmed, for its owner to parse.
   *
   * @throws IllegalArgumentException naming the setting, the text and what is allowed
   * @throws UnsupportedOperationException for a builder-only {@link Kind#VALUE}
   */
  @SuppressWarnings("unchecked")
  public T parse(String text) {
    String value = Objects.requireNonNull(text, "text").trim();
    switch (kind) {
      case COUNT:
        return (T) Integer.valueOf((int) checkNumber(wholeNumber(value, "a whole number " + range()), value));
      case BYTES:
        return (T) Long.valueOf(checkNumber(byteCount(value), value));
      case MILLIS:
        return (T) Long.valueOf(checkNumber(wholeNumber(value, "a whole number of milliseconds " + range()), value));
      case FLAG:
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
          throw new IllegalArgumentException(name + " must be true or false: \"" + text + "\"");
        }
        return (T) Boolean.valueOf(value);
      case TEXT:
        return (T) value;
      default:
        throw new UnsupportedOperationException(name + " is given to the builder only, not as text");
    }
  }

  private long checkNumber(long parsed, String text) {
    if (parsed == -1 && max == Long.MAX_VALUE) {
      throw new IllegalArgumentException(name + " must be at most " + Long.MAX_VALUE + ": " + text);
    }
    if (parsed == -1) {
      throw outOfRange(text); // more than a long holds: out of every bounded range
    }
    return check(parsed);
  }

  /** The number, or -1 when it has more digits than are safe. */
  private long wholeNumber(String text, String example) {
    if (!WHOLE_NUMBER.matcher(text).matches()) {
      throw new IllegalArgumentException(name + " must be " + example + ": \"" + text + "\"");
    }
    return text.length() > SAFE_DIGITS ? -1 : Long.parseLong(text);
  }

  /** The bytes, or -1 when they are more than a long holds. */
  private long byteCount(String text) {
    Matcher m = BYTE_SIZE.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException(name + " must be a byte size such as 1024, 64KiB or 8MiB: \"" + text + "\"");
    }
    if (m.group(1).length() > SAFE_DIGITS) {
      return -1;
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    long scale = unit.equals("kib") ? KIB : unit.equals("mib") ? KIB * KIB : unit.equals("gib") ? KIB * KIB * KIB : 1;
    try {
      return Math.multiplyExact(n, scale);
    } catch (ArithmeticException tooLarge) {
      return -1;
    }
  }

  private IllegalArgumentException outOfRange(String value) {
    return new IllegalArgumentException(name + " must be " + range() + ": " + value);
  }

  private boolean isNumeric() {
    return kind == Kind.COUNT || kind == Kind.BYTES || kind == Kind.MILLIS;
  }

  /** {@code 65,536}, {@code 4 MiB}, {@code 256 KiB}, {@code 1 GiB}: whole units when they fit. */
  private static String byteSize(long bytes) {
    if (bytes >= KIB * KIB * KIB && bytes % (KIB * KIB * KIB) == 0) {
      return bytes / (KIB * KIB * KIB) + " GiB";
    }
    if (bytes >= KIB * KIB && bytes % (KIB * KIB) == 0) {
      return bytes / (KIB * KIB) + " MiB";
    }
    if (bytes >= KIB && bytes % KIB == 0) {
      return bytes / KIB + " KiB";
    }
    return String.format(Locale.ROOT, "%,d", bytes);
  }

  /** {@code encoderPoolSize}, for messages and bug reports. */
  @Override
  public String toString() {
    return name;
  }
}
