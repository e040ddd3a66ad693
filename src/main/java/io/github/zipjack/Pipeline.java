package io.github.zipjack;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.CompressionWorkers;
import io.github.zipjack.codec.DecodeLimitInputStream;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.HeldUntilMinimum;
import io.github.zipjack.codec.EngineResources;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.codec.OptionalDependency;
import io.github.zipjack.codec.Parallelism;
import io.github.zipjack.codec.WholeBodyArrays;
import io.github.zipjack.settings.Setting;
import io.github.zipjack.settings.SettingCatalog;
import java.io.ByteArrayInputStream;
import java.io.CharConversionException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Serializes Java objects with Jackson (JSON or MessagePack with Jackson 2, JSON with Jackson 3) and
 * compresses them, and does the reverse. Made by {@link #builder()}.
 *
 * <p>Immutable and thread-safe, like an ObjectMapper: share one per configuration. It pools what
 * each call would otherwise set up (Deflaters, buffers, output segments), so a call allocates
 * little beyond what Jackson itself does. {@link #close()} ends the pooled native state; close a
 * pipeline when the application no longer needs it (a servlet's destroy, a Spring bean's close).
 *
 * <p>Encoding methods never close the caller's stream; decoding methods never close it either.
 * Decoding is bounded: {@link Builder#maxDecodedBytes(long)} and {@link Builder#maxNestingDepth(int)}.
 */
public final class Pipeline implements AutoCloseable {
  /** The content coding of a body sent as it is. */
  private static final String IDENTITY = "identity";
  /**
   * The default of {@link Builder#parallelThresholdBytes(long)}, in bytes (256 KiB, one gzip block):
   * bodies of at most this size are always compressed on their caller's thread, larger ones may be
   * shared with idle cores. The servlet filter and the Spring Boot properties default to it too. Why
   * this size: docs/parallel-compression.md.
   */
  public static final long DEFAULT_PARALLEL_THRESHOLD_BYTES = SettingCatalog.PARALLEL_THRESHOLD_BYTES.defaultValue();

  private final Settings settings;
  /** Jackson 2 or 3: where values become bytes and back. */
  private final JacksonBinding binding;
  private final CompressionEngine engine;
  private final SegmentPool segmentPool;
  private volatile boolean closed;

  private Pipeline(Settings settings, JacksonBinding binding) {
    this.settings = settings;
    this.binding = binding;
    this.segmentPool = new SegmentPool(settings.segmentPoolBytes);
    this.engine = EngineSelection.create(settings.compression, new EngineConfig(settings.compression.level(),
        settings.inputBufferSize, settings.deflaterBufferSize, settings.encoderPoolSize,
        settings.compressWholeBody ? segmentPool : null, settings.maxDecodedBytes, settings.parallelism(),
        settings.zstdChecksum));
  }

  /**
   * A new builder with every setting at its default.
   *
   * @return a builder that is not thread-safe and can make several pipelines
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The whole compressed body as a new array (one copy out of the pooled segments).
   *
   * @param value what to serialize; null is written as JSON {@code null}
   * @return the compressed body, owned by the caller
   * @throws ZipjackEncodeException if Jackson cannot serialize {@code value}
   * @throws IllegalStateException if the pipeline is closed
   */
  public byte[] encode(Object value) {
    try (SegmentOutputStream out = new SegmentOutputStream(segmentPool)) {
      encodeTo(value, out);
      return out.toByteArray();
    } catch (IOException e) {
      throw encodeFailure(value, e);
    }
  }

  /**
   * Streams the compressed body to {@code out} as it is made; nothing is held in memory beyond the
   * pipeline's buffers. Does not flush or close {@code out}.
   *
   * @param value what to serialize
   * @param out where the compressed body goes; the caller closes it
   * @throws IOException if {@code out} fails
   * @throws ZipjackEncodeException if Jackson cannot serialize {@code value}
   */
  public void encode(Object value, OutputStream out) throws IOException {
    Objects.requireNonNull(out, "out");
    encodeTo(value, out);
  }

  /**
   * The whole compressed body in pooled segments, with its size known before it is written: for a
   * Content-Length. The caller closes the result, which returns the segments.
   *
   * @param value what to serialize
   * @return the body, which the caller must close (try-with-resources)
   * @throws ZipjackEncodeException if Jackson cannot serialize {@code value}
   */
  public EncodedBody encodeToBody(Object value) {
    SegmentOutputStream out = new SegmentOutputStream(segmentPool);
    try {
      long uncompressedSize = encodeTo(value, out);
      long size = out.size();
      return new EncodedBody(segmentPool, out.detach(), size, uncompressedSize, engine.contentEncoding());
    } catch (IOException e) {
      throw encodeFailure(value, e);
    } finally {
      out.close(); // after a successful detach there is nothing left to return
    }
  }

  /**
   * As {@link #encodeToBody(Object)}, for a response that is worth compressing only when it is not
   * tiny: a value that serializes to fewer than {@code minBodyBytes} bytes is not compressed, and the
   * body is then the value as serialized, with {@link EncodedBody#contentEncoding()} {@code identity}.
   * The value is serialized once either way ({@link HeldUntilMinimum}): a small body never costs a
   * compression, and a large one a copy of at most {@code minBodyBytes}.
   *
   * @param value what to serialize
   * @param minBodyBytes serialized bodies shorter than this are returned uncompressed; 0: never
   * @return the body, which the caller must close (try-with-resources)
   * @throws IllegalArgumentException if {@code minBodyBytes} is negative
   * @throws ZipjackEncodeException if Jackson cannot serialize {@code value}
   */
  public EncodedBody encodeToBody(Object value, long minBodyBytes) {
    if (minBodyBytes < 0) {
      throw new IllegalArgumentException("minBodyBytes must be >= 0: " + minBodyBytes);
    }
    if (minBodyBytes == 0 || IDENTITY.equals(engine.contentEncoding())) {
      return encodeToBody(value);
    }
    checkOpen();
    HeldUntilMinimum body = new HeldUntilMinimum(engine, segmentPool, minBodyBytes);
    try {
      binding.write(value, body);
      Encoder encoder = body.encoder();
      if (encoder == null) {
        return bodyOf(body.takeHeld(), -1, IDENTITY);
      }
      encoder.finish();
      return bodyOf(body.takeCompressed(), encoder.bodyBytes(), engine.contentEncoding());
    } catch (IOException e) {
      throw encodeFailure(value, e);
    } finally {
      body.release();
    }
  }

  /**
   * {@return the bytes as a body in {@code coding}} Closes {@code bytes}, whose segments the body
   * then holds.
   *
   * @param rawBytes the bytes serialized; negative when the body is them, uncompressed
   */
  private EncodedBody bodyOf(SegmentOutputStream bytes, long rawBytes, String coding) {
    try (bytes) {
      long size = bytes.size();
      return new EncodedBody(segmentPool, bytes.detach(), size, rawBytes < 0 ? size : rawBytes, coding);
    }
  }

  /** Serializes {@code value} into the engine's encoder over {@code sink}; returns the bytes serialized. */
  private long encodeTo(Object value, OutputStream sink) throws IOException {
    checkOpen();
    try (Encoder encoder = engine.open(sink)) {
      binding.write(value, encoder.stream());
      encoder.finish();
      return encoder.bodyBytes();
    }
  }

  /** Jackson (2 or 3) could not serialize {@code value}; also what the bindings throw. */
  static ZipjackEncodeException encodeFailure(Object value, Exception e) {
    String type = value == null ? "null" : value.getClass().getName();
    return new ZipjackEncodeException("cannot encode a " + type + ": " + e.getMessage(), e);
  }

  /**
   * Saves {@code value}, encoded as {@link #encode(Object, OutputStream)} would, to {@code file} so that
   * the file is always either its old complete content or the new one, never missing or partial, even
   * if the process is killed or the machine loses power midway: the body goes to a temporary file in
   * the same directory, is forced to the device, and is renamed over {@code file} atomically; then
   * the directory is forced where the platform allows (Linux, macOS). On failure the temporary file
   * is deleted and {@code file} is untouched. A writer killed midway leaves one temporary file
   * ({@code .<name>.<pid>.<random>.zipjack-tmp}), which the next save of {@code file} deletes.
   * Thread-safe; concurrent saves of one file each complete, and the last rename wins.
   *
   * @param file where to save; its directory must exist
   * @param value what to serialize
   * @throws ZipjackEncodeException if Jackson cannot serialize {@code value} ({@code file} untouched)
   * @throws java.nio.file.NoSuchFileException if the directory does not exist
   * @throws IOException if writing, forcing or renaming fails ({@code file} untouched)
   */
  public void writeFile(Path file, Object value) throws IOException {
    Objects.requireNonNull(file, "file");
    checkOpen();
    AtomicFileWrite.replace(file, out -> encodeTo(value, out));
  }

  /**
   * Reads a file saved by {@link #writeFile}. See {@link #readFile(Path, JavaType)}.
   *
   * @param <T> the value's type
   * @param file the file to read
   * @param type the value's class
   * @return the decoded value
   * @throws IOException if the file cannot be read or decoded
   */
  public <T> T readFile(Path file, Class<T> type) throws IOException {
    return readFileAs(file, binding.type(type));
  }

  /**
   * Reads a file saved by {@link #writeFile} into a generic type. See {@link #readFile(Path, JavaType)}.
   *
   * @param <T> the value's type
   * @param file the file to read
   * @param type the value's generic type
   * @return the decoded value
   * @throws IOException if the file cannot be read or decoded
   */
  public <T> T readFile(Path file, TypeReference<T> type) throws IOException {
    return readFileAs(file, binding.checkType(type));
  }

  /**
   * Decodes a whole file made by {@link #writeFile} (or any body of this pipeline's compression and
   * format), with this pipeline's decoding limits.
   *
   * @param <T> the value's type
   * @param file the file to read
   * @param type the value's type, from this pipeline's Jackson 2 mapper
   * @return the decoded value
   * @throws IOException if the file cannot be read
   * @throws ZipjackDecodeException if the content cannot be decoded, as {@link #decode(byte[], JavaType)};
   *     its message starts with the file's path, also in {@link ZipjackDecodeException#source()}
   * @throws java.nio.file.NoSuchFileException if there is no such file
   */
  public <T> T readFile(Path file, JavaType type) throws IOException {
    return readFileAs(file, binding.checkType(Objects.requireNonNull(type, "type")));
  }

  /** @param type a resolved type of this pipeline's binding */
  <T> T readFileAs(Path file, Object type) throws IOException {
    Objects.requireNonNull(file, "file");
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, type);
    } catch (ZipjackDecodeException e) {
      throw e.withSource(file.toString());
    }
  }

  /**
   * Decodes a whole body. See {@link #decode(byte[], JavaType)}.
   *
   * @param <T> the value's type
   * @param body a body of this pipeline's compression and format
   * @param type the value's class
   * @return the decoded value
   * @throws ZipjackDecodeException if the body cannot be decoded
   */
  public <T> T decode(byte[] body, Class<T> type) throws ZipjackDecodeException {
    return decodeAs(body, binding.type(type));
  }

  /**
   * Decodes a whole body into a generic type. See {@link #decode(byte[], JavaType)}.
   *
   * @param <T> the value's type
   * @param body a body of this pipeline's compression and format
   * @param type the value's generic type
   * @return the decoded value
   * @throws ZipjackDecodeException if the body cannot be decoded
   */
  public <T> T decode(byte[] body, TypeReference<T> type) throws ZipjackDecodeException {
    return decodeAs(body, binding.checkType(type));
  }

  /**
   * Decompresses and deserializes a whole body made by a pipeline of the same format and compression.
   *
   * @param <T> the value's type
   * @param body the whole body; not changed
   * @param type the value's type, from this pipeline's Jackson 2 mapper
   * @return the decoded value
   * @throws ZipjackDecodeException if the body cannot be decoded; one of the subtypes below
   * @throws MalformedBodyException if the body is not in this pipeline's compression or format, or
   *     has data after the value
   * @throws TruncatedBodyException if it is cut short
   * @throws DecodeLimitExceededException if it decodes to more than maxDecodedBytes, or nests deeper
   *     than maxNestingDepth
   */
  public <T> T decode(byte[] body, JavaType type) throws ZipjackDecodeException {
    return decodeAs(body, binding.checkType(Objects.requireNonNull(type, "type")));
  }

  /** @param type a resolved type of this pipeline's binding */
  <T> T decodeAs(byte[] body, Object type) throws ZipjackDecodeException {
    Objects.requireNonNull(body, "body");
    try {
      checkOpen();
      if (!engine.decodesWhole()) {
        return read(new ByteArrayInputStream(body), type);
      }
      WholeBodyArrays arrays = WholeBodyArrays.take();
      try {
        int decoded = engine.decodeWhole(body, 0, body.length, settings.maxDecodedBytes, arrays);
        return decoded >= 0 ? parse(new ByteArrayInputStream(arrays.decoded(), 0, decoded),
            Objects.requireNonNull(type, "type")) : read(new ByteArrayInputStream(body), type);
      } finally {
        arrays.release();
      }
    } catch (ZipjackDecodeException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException("unexpected I/O error reading a byte array", e);
    }
  }

  /**
   * Decodes a body read from a stream. See {@link #decode(InputStream, JavaType)}.
   *
   * @param <T> the value's type
   * @param body the compressed body, read to its end and not closed
   * @param type the value's class
   * @return the decoded value
   * @throws IOException if {@code body} fails or the body cannot be decoded
   */
  public <T> T decode(InputStream body, Class<T> type) throws IOException {
    return decodeAs(body, binding.type(type));
  }

  /**
   * Decodes a body read from a stream into a generic type. See {@link #decode(InputStream, JavaType)}.
   *
   * @param <T> the value's type
   * @param body the compressed body, read to its end and not closed
   * @param type the value's generic type
   * @return the decoded value
   * @throws IOException if {@code body} fails or the body cannot be decoded
   */
  public <T> T decode(InputStream body, TypeReference<T> type) throws IOException {
    return decodeAs(body, binding.checkType(type));
  }

  /**
   * Decompresses and deserializes a body read from {@code body} to its end. Does not close
   * {@code body}.
   *
   * @param <T> the value's type
   * @param body the compressed body
   * @param type the value's type, from this pipeline's Jackson 2 mapper
   * @return the decoded value
   * @throws ZipjackDecodeException for data problems, as {@link #decode(byte[], JavaType)}
   * @throws IOException if {@code body} itself fails
   */
  public <T> T decode(InputStream body, JavaType type) throws IOException {
    return decodeAs(body, binding.checkType(Objects.requireNonNull(type, "type")));
  }

  /** @param type a resolved type of this pipeline's binding */
  <T> T decodeAs(InputStream body, Object type) throws IOException {
    Objects.requireNonNull(body, "body");
    return read(new UnclosableInputStream(body), type);
  }

  private <T> T read(InputStream body, Object type) throws IOException {
    checkOpen();
    Objects.requireNonNull(type, "type");
    try (InputStream decoded = new DecodeLimitInputStream(engine.decoder(body), "maxDecodedBytes", settings.maxDecodedBytes)) {
      return parse(decoded, type);
    }
  }

  /** Deserializes decoded bytes. */
  private <T> T parse(InputStream decoded, Object type) throws IOException {
    try {
      return binding.read(decoded, type);
    } catch (CharConversionException e) {
      // Jackson's UTF-32 reader, chosen for a body that starts with zero bytes, meets invalid characters
      throw new MalformedBodyException("decoded body is not " + settings.format + " text in any Unicode encoding: "
          + e.getMessage(), e);
    }
  }

  /** {@return the format bodies are serialized in} */
  public Format format() {
    return settings.format;
  }

  /** {@return the compression bodies get} */
  public Compression compression() {
    return settings.compression;
  }

  /** {@return the most bytes a body may decode to} See {@link Builder#maxDecodedBytes(long)}. */
  public long maxDecodedBytes() {
    return settings.maxDecodedBytes;
  }

  /** {@return the deepest nesting a decoded body may have} See {@link Builder#maxNestingDepth(int)}. */
  public int maxNestingDepth() {
    return settings.maxNestingDepth;
  }

  /**
   * How many threads may compress one body: 1 when every body is compressed on its caller's thread
   * (always so for brotli and none). See {@link Builder#compressionThreads(int)}.
   *
   * @return the thread count, the caller's included; at least 1
   */
  public int compressionThreads() {
    return settings.parallelism().threads();
  }

  /**
   * {@return bytes up to which a body is compressed on its caller's thread} See
   * {@link Builder#parallelThresholdBytes(long)}.
   */
  public long parallelThresholdBytes() {
    return settings.parallelThresholdBytes;
  }

  /**
   * What compresses this pipeline's bodies, for logs and bug reports: {@code gzip(1) via libdeflate},
   * {@code gzip(1) via JDK zlib}, {@code zstd(3) via zstd-jni}, {@code brotli(5) via brotli4j} or
   * {@code none}. With {@link GzipImplementation#AUTO} this is where the choice shows.
   *
   * @return the compression and the library that does it
   */
  public String implementation() {
    return engine.implementation();
  }

  /**
   * A snapshot of the segments, encoders, decoder state and native contexts this pipeline holds.
   * Exact only when no thread is using the pipeline; cheap enough to poll for monitoring.
   * Works after {@link #close()} too.
   *
   * @return a new immutable snapshot
   */
  public PipelineResources resources() {
    return EngineResources.of(segmentPool, List.of(engine));
  }

  /** The engine, for tests that count its native contexts. */
  CompressionEngine engine() {
    return engine;
  }

  /**
   * A copy of the Jackson 2 mapper this pipeline serializes with, for inspection or to derive another
   * configuration; changing the copy does not change the pipeline.
   *
   * @return a new mapper, owned by the caller
   * @throws IllegalStateException for a pipeline built with {@link Builder#jackson3Mapper}: its
   *     mapper is {@code jackson3().mapper()}
   */
  public ObjectMapper mapperCopy() {
    if (!(binding instanceof Jackson2Binding jackson2)) {
      throw new IllegalStateException("this pipeline serializes with a Jackson 3 mapper, which mapperCopy() cannot "
          + "return as a Jackson 2 ObjectMapper; use jackson3().mapper() (Jackson 3 mappers are immutable)");
    }
    return jackson2.mapper().copy();
  }

  /**
   * This pipeline's decoding with Jackson 3's type forms ({@code tools.jackson.core.type.TypeReference},
   * {@code tools.jackson.databind.JavaType}) and its Jackson 3 mapper. A separate view rather than
   * overloads of {@code decode}, so that code compiled without Jackson 3 on its class path can call
   * {@code decode} at all (javac must load every overload's parameter types).
   *
   * @return a view of this pipeline; thread-safe, closed with the pipeline
   * @throws IllegalStateException if this pipeline was built with a Jackson 2 mapper
   */
  public Jackson3View jackson3() {
    if (!(binding instanceof Jackson3Binding)) {
      throw new IllegalStateException("this pipeline serializes with a Jackson 2 mapper; jackson3() serves "
          + "pipelines built with Pipeline.builder().jackson3Mapper(...)");
    }
    return new Jackson3View(this);
  }

  /** The binding, for {@link Jackson3View} and {@link Builder#sameMapperAs}. */
  JacksonBinding binding() {
    return binding;
  }

  /** Ends pooled Deflaters and drops pooled segments. Idempotent. Later encode or decode calls fail. */
  @Override
  public void close() {
    closed = true;
    engine.close();
    segmentPool.close();
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("pipeline is closed: " + this);
    }
  }

  /** All settings, for bug reports: {@code Pipeline[format=JSON, compression=gzip(6), ...]}. */
  @Override
  public String toString() {
    return "Pipeline[" + settings + ", mapper=" + binding.generation() + ", implementation=" + engine.implementation()
        + (closed ? ", closed]" : "]");
  }

  /** Keeps Jackson and the decoder from closing the caller's stream. */
  private static final class UnclosableInputStream extends FilterInputStream {
    UnclosableInputStream(InputStream in) {
      super(in);
    }

    @Override
    public void close() {
      // the caller owns the stream
    }
  }

  /**
   * Collects settings and makes pipelines. Not thread-safe. Each setting may be set once (a second
   * call fails with an IllegalStateException naming the value already set; a refused value does not
   * count as set), as in {@code CompressionSettings.Builder}. Values wrong on their own fail in the
   * setter with an IllegalArgumentException naming the setting, the value and the range
   * ({@code encoderPoolSize must be in [0, 1024]: 2000}), the same message the servlet filter's
   * settings and the Spring Boot properties give for a setting they share; combinations that
   * conflict fail in {@link #build()}. {@code build()} leaves the builder as it was, so one builder
   * can make several pipelines. docs/pipeline.md lists every setting with its range and default.
   */
  public static final class Builder {
    private final Settings settings = new Settings();
    private ObjectMapper mapper;
    /** A tools.jackson.databind.ObjectMapper, typed Object so that this class links without Jackson 3. */
    private Object jackson3Mapper;
    private final java.util.Set<String> assigned = new java.util.HashSet<>();
    /** Settings that apply only when a body may be compressed on several threads. */
    private static final List<Setting<?>> PARALLEL_ONLY =
        List.of(SettingCatalog.PARALLEL_THRESHOLD_BYTES, SettingCatalog.COMPRESSION_EXECUTOR);

    private Builder() {}

    /**
     * The serialization format. Default {@link Format#JSON}.
     *
     * @param format the format bodies are written in
     * @return this builder
     */
    public Builder format(Format format) {
      checkUnset(SettingCatalog.FORMAT, settings.format);
      settings.format = Objects.requireNonNull(format, "format must not be null");
      assigned.add(SettingCatalog.FORMAT.name());
      return this;
    }

    /**
     * The compression: {@link Compression#gzip(int)}, {@link Compression#zstd(int)},
     * {@link Compression#brotli(int)} or {@link Compression#none()}. Default {@code Compression.gzip(6)},
     * zlib's and GZIPOutputStream's own level; {@link #build()} fails naming the Maven coordinates when
     * the codec's optional library is missing.
     *
     * @param compression the coding and level
     * @return this builder
     */
    public Builder compression(Compression compression) {
      checkUnset(SettingCatalog.COMPRESSION, settings.compression);
      settings.compression = Objects.requireNonNull(compression, "compression must not be null");
      assigned.add(SettingCatalog.COMPRESSION.name());
      return this;
    }

    /**
     * A Jackson accelerator module. Default {@link Accelerator#NONE}.
     *
     * @param accelerator the accelerator, or {@code Accelerator.NONE}
     * @return this builder
     */
    public Builder accelerator(Accelerator accelerator) {
      checkUnset(SettingCatalog.ACCELERATOR, settings.accelerator);
      settings.accelerator = Objects.requireNonNull(accelerator, "accelerator must not be null");
      assigned.add(SettingCatalog.ACCELERATOR.name());
      return this;
    }

    /**
     * Bytes gathered between the serializer and the compressor, so the compressor gets large chunks
     * instead of Jackson's 8,000-byte ones (a pooled BufferedOutputStream). 0 for none.
     * Range [0, 16 MiB]; default 64 KiB.
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder inputBufferSize(int bytes) {
      checkUnset(SettingCatalog.INPUT_BUFFER_SIZE, settings.inputBufferSize);
      settings.inputBufferSize = (int) SettingCatalog.INPUT_BUFFER_SIZE.check(bytes);
      assigned.add(SettingCatalog.INPUT_BUFFER_SIZE.name());
      return this;
    }

    /**
     * Bytes of the buffer zlib deflates into when {@link #encode(Object, OutputStream)} streams to a
     * caller's stream (DeflaterOutputStream's buffer; its default is 512). In-memory bodies are
     * deflated straight into pooled segments instead. Range [1, 16 MiB]; default 64 KiB. Needs gzip.
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder deflaterBufferSize(int bytes) {
      checkUnset(SettingCatalog.DEFLATER_BUFFER_SIZE, settings.deflaterBufferSize);
      settings.deflaterBufferSize = (int) SettingCatalog.DEFLATER_BUFFER_SIZE.check(bytes);
      assigned.add(SettingCatalog.DEFLATER_BUFFER_SIZE.name());
      return this;
    }

    /**
     * Serializes each body whole into pooled segments first, then compresses it in one pass, instead
     * of compressing while the serializer writes. Holds the raw body in memory meanwhile; the input
     * buffer is then not used. Conflicts with {@link #inputBufferSize(int)} and with
     * {@code Compression.none()}. Default false.
     *
     * @param wholeBody true to gather each body before compressing it
     * @return this builder
     */
    public Builder compressWholeBody(boolean wholeBody) {
      checkUnset(SettingCatalog.COMPRESS_WHOLE_BODY, settings.compressWholeBody);
      settings.compressWholeBody = wholeBody;
      assigned.add(SettingCatalog.COMPRESS_WHOLE_BODY.name());
      return this;
    }

    /**
     * Writes {@code double} and {@code float} values with Jackson's Schubfach writer
     * ({@code StreamWriteFeature.USE_FAST_DOUBLE_WRITER}) instead of {@code Double.toString}: faster
     * on JDK 17, about the same on JDK 19+ (whose Double.toString uses the same algorithm). Either
     * text parses back to the same value; on JDK 17 the two can differ in form for some values.
     * JSON only: conflicts with {@code Format.MSGPACK}. Default false.
     *
     * @param fastDoubleWriter true to write doubles with the fast writer
     * @return this builder
     */
    public Builder fastDoubleWriter(boolean fastDoubleWriter) {
      checkUnset(SettingCatalog.FAST_DOUBLE_WRITER, settings.fastDoubleWriter);
      settings.fastDoubleWriter = fastDoubleWriter;
      assigned.add(SettingCatalog.FAST_DOUBLE_WRITER.name());
      return this;
    }

    /**
     * Ends each zstd frame with a checksum of its content (4 bytes of XXH64), which decoding checks:
     * a body kept in a file, a cache or a queue and damaged there is then refused with a
     * {@link ChecksumMismatchException} instead of decoding to other content. Costs about 2.5% of the
     * time of a large body (measured on 4.7 MB of stock rows, docs/parallel-compression.md). Off by
     * default, as in zstd-jni, Netty and libzstd: HTTP bodies need none, TCP and TLS protect them, and
     * zipjack's HTTP layers never add one. zstd only: conflicts with any other compression. Default
     * false.
     *
     * @param zstdChecksum true to end each zstd frame with a checksum of its content
     * @return this builder
     */
    public Builder zstdChecksum(boolean zstdChecksum) {
      checkUnset(SettingCatalog.ZSTD_CHECKSUM, settings.zstdChecksum);
      settings.zstdChecksum = zstdChecksum;
      assigned.add(SettingCatalog.ZSTD_CHECKSUM.name());
      return this;
    }

    /**
     * Leaves out null and empty values (strings, collections, maps, arrays). Default false.
     *
     * @param omitEmpty true to leave out null and empty values
     * @return this builder
     */
    public Builder omitEmpty(boolean omitEmpty) {
      checkUnset(SettingCatalog.OMIT_EMPTY, settings.omitEmpty);
      settings.omitEmpty = omitEmpty;
      assigned.add(SettingCatalog.OMIT_EMPTY.name());
      return this;
    }

    /**
     * A mapper whose modules and settings the pipeline starts from. It is never mutated: the pipeline
     * works on its own copy, made at {@link #build()} (for MessagePack, with msgpack's factory). On
     * that copy zipjack registers JavaTimeModule and writes java.time values as ISO-8601 text (msgpack:
     * Instants as timestamps), stops Jackson from flushing and closing the output, sets the nesting
     * and document-length read limits from this builder (keeping the mapper's other read constraints,
     * such as a stricter {@code maxStringLength}), and applies this builder's accelerator, omitEmpty and fastDoubleWriter; every other
     * setting is the given mapper's. Default: a new ObjectMapper.
     *
     * @param mapper the mapper whose configuration is copied; it is not changed
     * @return this builder
     */
    public Builder mapper(ObjectMapper mapper) {
      checkNoMapper();
      this.mapper = Objects.requireNonNull(mapper, "mapper must not be null");
      assigned.add(SettingCatalog.MAPPER.name());
      return this;
    }

    /**
     * A Jackson 3 {@code JsonMapper} (as Spring Boot 4 makes) that the pipeline serializes and
     * deserializes with: its modules, naming strategy, features and read constraints, so that a
     * body decodes to exactly the bytes {@code mapper.writeValueAsBytes} writes. Jackson 3 mappers
     * are immutable: at {@link #build()} the pipeline rebuilds its own from it, changing only that
     * Jackson neither closes nor flushes the stream it writes to, that the nesting and
     * document-length read limits are this builder's (maxNestingDepth, maxDecodedBytes; the mapper's
     * other read constraints are kept), and this builder's accelerator ({@code BLACKBIRD} only),
     * omitEmpty and fastDoubleWriter. Dates are written as the mapper writes them. JSON only:
     * {@code build()} fails for {@code Format.MSGPACK} (no Jackson 3 MessagePack backend is released)
     * and for {@code Accelerator.AFTERBURNER} (no Jackson 3 release). Decode generic types through
     * {@link Pipeline#jackson3()}. A separate name rather than an overload of
     * {@link #mapper(ObjectMapper)}, so that code without Jackson 3 on its class path compiles.
     * Conflicts with {@link #mapper(ObjectMapper)}.
     *
     * @param mapper the mapper whose configuration is copied; it is not changed
     * @return this builder
     */
    public Builder jackson3Mapper(tools.jackson.databind.ObjectMapper mapper) {
      checkNoMapper();
      this.jackson3Mapper = Objects.requireNonNull(mapper, "jackson3Mapper must not be null");
      assigned.add(SettingCatalog.MAPPER.name());
      return this;
    }

    /**
     * The mapper {@code pipeline} serializes with, Jackson 2 or 3, with its own settings and this
     * builder's; for a second pipeline whose bodies must hold the same bytes (the servlet helper's
     * identity pipeline). Conflicts with the other mapper setters.
     *
     * @param pipeline the pipeline whose mapper is shared
     * @return this builder
     */
    public Builder sameMapperAs(Pipeline pipeline) {
      Objects.requireNonNull(pipeline, "pipeline must not be null");
      if (pipeline.binding instanceof Jackson2Binding jackson2) {
        return mapper(jackson2.mapper());
      }
      checkNoMapper();
      this.jackson3Mapper = ((Jackson3Binding) pipeline.binding).mapper();
      assigned.add(SettingCatalog.MAPPER.name());
      return this;
    }

    private void checkNoMapper() {
      checkUnset(SettingCatalog.MAPPER, mapper != null ? mapper : jackson3Mapper);
    }

    /**
     * The most bytes a body may decode (decompress) to; past it decoding fails with a
     * {@link DecodeLimitExceededException}. Guards against decompression bombs. At least 1;
     * default 64 MiB.
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder maxDecodedBytes(long bytes) {
      checkUnset(SettingCatalog.MAX_DECODED_BYTES, settings.maxDecodedBytes);
      settings.maxDecodedBytes = SettingCatalog.MAX_DECODED_BYTES.check(bytes);
      assigned.add(SettingCatalog.MAX_DECODED_BYTES.name());
      return this;
    }

    /**
     * The deepest nesting of arrays and objects a decoded body may have. Range [1, 100,000]; default 1,000.
     *
     * @param depth the deepest nesting accepted, at least 1
     * @return this builder
     */
    public Builder maxNestingDepth(int depth) {
      checkUnset(SettingCatalog.MAX_NESTING_DEPTH, settings.maxNestingDepth);
      settings.maxNestingDepth = SettingCatalog.MAX_NESTING_DEPTH.check(depth);
      assigned.add(SettingCatalog.MAX_NESTING_DEPTH.name());
      return this;
    }

    /**
     * The most bytes of idle output segments kept for reuse; 0 disables pooling. Range [0, 1 GiB];
     * default 4 MiB.
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder segmentPoolBytes(long bytes) {
      checkUnset(SettingCatalog.SEGMENT_POOL_BYTES, settings.segmentPoolBytes);
      settings.segmentPoolBytes = SettingCatalog.SEGMENT_POOL_BYTES.check(bytes);
      assigned.add(SettingCatalog.SEGMENT_POOL_BYTES.name());
      return this;
    }

    /**
     * The most idle encoders (each a Deflater of about 256 KB native memory plus its input and
     * deflater buffers) kept for reuse, and as many idle Inflaters for decoding; 0 makes a new one per
     * call. Size it to the number of threads that encode at once (a thread-per-request server has
     * many more than it has cores): a body that finds the pool empty sets up a new Deflater, as
     * GZIPOutputStream does. Range [0, 1024]; default 32 (at most about 12 MB kept idle with the
     * default buffers).
     *
     * @param encoders idle encoders kept per engine
     * @return this builder
     */
    public Builder encoderPoolSize(int encoders) {
      checkUnset(SettingCatalog.ENCODER_POOL_SIZE, settings.encoderPoolSize);
      settings.encoderPoolSize = SettingCatalog.ENCODER_POOL_SIZE.check(encoders);
      assigned.add(SettingCatalog.ENCODER_POOL_SIZE.name());
      return this;
    }

    /**
     * How many threads may compress one body, the calling thread included: a body larger than
     * {@link #parallelThresholdBytes(long)} is cut into parts that other threads compress while the
     * calling thread goes on serializing. 1 compresses every body on its caller's thread, as before
     * this setting existed. gzip: 256 KiB blocks deflated on the workers and joined into one gzip
     * member; zstd at level 1: 512 KiB parts compressed on the workers, each its own zstd frame,
     * one after another in the body; zstd at other levels, or with a dictionary: libzstd's own worker
     * threads, one ordinary frame; brotli and none are
     * always serial (brotli4j cannot join separately compressed parts), and a value above 1 with
     * them fails at {@link #build()}.
     *
     * <p>A body never waits for a busy worker: the threads come from one budget per JVM (or per
     * {@link #compressionExecutor(Executor)}), and when none is free the calling thread compresses
     * the part itself, so under full load bodies cost what they cost serially. Range [1, 256];
     * default the number of processors ({@code Runtime.availableProcessors()}, capped at 256): on an
     * idle machine a large body then uses every core, and on a busy one the budget makes it serial
     * (measured in docs/parallel-compression.md).
     *
     * @param threads threads per body, 1 for serial
     * @return this builder
     */
    public Builder compressionThreads(int threads) {
      checkUnset(SettingCatalog.COMPRESSION_THREADS, settings.compressionThreads);
      settings.compressionThreads = SettingCatalog.COMPRESSION_THREADS.check(threads);
      assigned.add(SettingCatalog.COMPRESSION_THREADS.name());
      return this;
    }

    /**
     * Bodies of at most this many bytes are compressed on their caller's thread whatever
     * {@link #compressionThreads(int)} says: handing a small body's parts to other threads costs
     * more than it saves. The size is not known before serializing, so each body is gathered up to
     * this many bytes first, then goes on in parallel parts. zstd goes parallel only past a part
     * (a frame, or a libzstd job) and a quarter as well (640 KiB). Range [0, 2^31 - 1]; default 256 KiB
     * ({@link Pipeline#DEFAULT_PARALLEL_THRESHOLD_BYTES}: one gzip block; see
     * docs/parallel-compression.md). Conflicts with {@code compressionThreads(1)}.
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder parallelThresholdBytes(long bytes) {
      checkUnset(SettingCatalog.PARALLEL_THRESHOLD_BYTES, settings.parallelThresholdBytes);
      settings.parallelThresholdBytes = SettingCatalog.PARALLEL_THRESHOLD_BYTES.check(bytes);
      assigned.add(SettingCatalog.PARALLEL_THRESHOLD_BYTES.name());
      return this;
    }

    /**
     * The executor that runs this pipeline's gzip blocks and level-1 zstd frames, instead of
     * zipjack's shared pool (one per JVM: daemon threads named {@code zipjack-compress-N}, one per
     * processor, ended when idle). At most {@code compressionThreads - 1} parts of one body, and of
     * all this pipeline's bodies together, are handed to it at once; a part it rejects is compressed
     * by the calling thread. zipjack never shuts it down. zstd's workers at other levels are
     * libzstd's own threads and do not use it.
     * Conflicts with {@code compressionThreads(1)}. Default: the shared pool.
     *
     * @param executor the executor that runs the workers; zipjack never shuts it down
     * @return this builder
     */
    public Builder compressionExecutor(Executor executor) {
      checkUnset(SettingCatalog.COMPRESSION_EXECUTOR, settings.compressionExecutor);
      settings.compressionExecutor = Objects.requireNonNull(executor, "compressionExecutor must not be null");
      assigned.add(SettingCatalog.COMPRESSION_EXECUTOR.name());
      return this;
    }

    /**
     * {@return a new pipeline with these settings}
     *
     * @throws IllegalArgumentException if settings conflict
     * @throws IllegalStateException if an optional dependency the settings need is missing
     */
    public Pipeline build() {
      Settings s = settings.copy();
      if (!s.compression.isGzip() && assigned.contains(SettingCatalog.DEFLATER_BUFFER_SIZE.name())) {
        throw new IllegalArgumentException("deflaterBufferSize is set to " + s.deflaterBufferSize
            + " but compression is " + s.compression + "; it applies to gzip only");
      }
      if (s.compressWholeBody && !s.compression.isGzip()) {
        throw new IllegalArgumentException("compressWholeBody is true but compression is " + s.compression
            + "; it applies to gzip only (zstd and brotli always compress whole bodies)");
      }
      if (s.compressWholeBody && assigned.contains(SettingCatalog.INPUT_BUFFER_SIZE.name())) {
        throw new IllegalArgumentException("inputBufferSize is set to " + s.inputBufferSize
            + " but compressWholeBody is true, which gathers the whole body instead");
      }
      if (s.compressWholeBody) {
        s.inputBufferSize = 0; // the segments are the buffer
      }
      boolean parallelCodec = s.compression.isGzip() || s.compression.contentEncoding().equals("zstd");
      if (s.compressionThreads > 1 && !parallelCodec) {
        if (assigned.contains(SettingCatalog.COMPRESSION_THREADS.name())) {
          throw new IllegalArgumentException("compressionThreads is " + s.compressionThreads + " but compression is "
              + s.compression + ", which is always serial; it applies to gzip and zstd only");
        }
        s.compressionThreads = 1;
      }
      if (s.compressionThreads == 1) {
        for (Setting<?> parallelOnly : PARALLEL_ONLY) {
          String name = parallelOnly.name();
          if (assigned.contains(name)) {
            throw new IllegalArgumentException(name + " is set but compressionThreads is 1"
                + (parallelCodec ? "" : " (compression " + s.compression + " is always serial)")
                + "; it applies to bodies compressed on several threads");
          }
        }
      }
      if (s.fastDoubleWriter && s.format != Format.JSON) {
        throw new IllegalArgumentException("fastDoubleWriter is true but format is " + s.format
            + ", which writes doubles as binary; it applies to JSON only");
      }
      if (s.zstdChecksum && !s.compression.contentEncoding().equals("zstd")) {
        throw new IllegalArgumentException("zstdChecksum is true but compression is " + s.compression
            + ", which has no zstd frames; it applies to zstd only");
      }
      if (jackson3Mapper != null) {
        return new Pipeline(s, Jackson3Binding.create(jackson3Mapper, s));
      }
      if (s.format == Format.MSGPACK) {
        OptionalDependency.load("org.msgpack.jackson.dataformat.MessagePackFactory", "Format.MSGPACK",
            "org.msgpack:jackson-dataformat-msgpack");
      }
      return new Pipeline(s, new Jackson2Binding(MapperSetup.create(mapper, s), s));
    }

    /** Each setting may be set once; a value that was rejected does not count as set. */
    private void checkUnset(Setting<?> setting, Object current) {
      if (assigned.contains(setting.name())) {
        throw new IllegalStateException(setting.name() + " was already set to " + current);
      }
    }
  }

  /** The builder's values; copied into each pipeline, never changed after that. */
  static final class Settings implements Cloneable {
    // the defaults of the object-valued settings are documented in SettingCatalog (FORMAT, COMPRESSION, ...)
    Format format = Format.JSON;
    Compression compression = Compression.gzip(6);
    Accelerator accelerator = Accelerator.NONE;
    int inputBufferSize = SettingCatalog.INPUT_BUFFER_SIZE.defaultValue().intValue();
    int deflaterBufferSize = SettingCatalog.DEFLATER_BUFFER_SIZE.defaultValue().intValue();
    boolean omitEmpty = SettingCatalog.OMIT_EMPTY.defaultValue();
    boolean compressWholeBody = SettingCatalog.COMPRESS_WHOLE_BODY.defaultValue();
    boolean fastDoubleWriter = SettingCatalog.FAST_DOUBLE_WRITER.defaultValue();
    boolean zstdChecksum = SettingCatalog.ZSTD_CHECKSUM.defaultValue();
    long maxDecodedBytes = SettingCatalog.MAX_DECODED_BYTES.defaultValue();
    int maxNestingDepth = SettingCatalog.MAX_NESTING_DEPTH.defaultValue();
    long segmentPoolBytes = SettingCatalog.SEGMENT_POOL_BYTES.defaultValue();
    int encoderPoolSize = SettingCatalog.ENCODER_POOL_SIZE.defaultValue();
    int compressionThreads = SettingCatalog.COMPRESSION_THREADS.defaultValue();
    long parallelThresholdBytes = SettingCatalog.PARALLEL_THRESHOLD_BYTES.defaultValue();
    /** Null for the shared workers. */
    Executor compressionExecutor;

    /** What the engine is told; made once per engine. */
    Parallelism parallelism() {
      if (compressionThreads == 1) {
        return Parallelism.SERIAL;
      }
      CompressionWorkers workers = compressionExecutor == null
          ? CompressionWorkers.shared() : CompressionWorkers.of(compressionExecutor, compressionThreads - 1);
      return new Parallelism(compressionThreads, parallelThresholdBytes, workers);
    }

    Settings copy() {
      try {
        return (Settings) clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }

    @Override
    public String toString() {
      return "format=" + format + ", compression=" + compression + ", accelerator=" + accelerator
          + ", inputBufferSize=" + inputBufferSize + ", deflaterBufferSize=" + deflaterBufferSize
          + ", compressWholeBody=" + compressWholeBody
          + ", fastDoubleWriter=" + fastDoubleWriter
          + (zstdChecksum ? ", zstdChecksum=true" : "")
          + ", omitEmpty=" + omitEmpty + ", maxDecodedBytes=" + maxDecodedBytes
          + ", maxNestingDepth=" + maxNestingDepth + ", segmentPoolBytes=" + segmentPoolBytes
          + ", encoderPoolSize=" + encoderPoolSize + ", compressionThreads=" + compressionThreads
          + (compressionThreads > 1 ? ", parallelThresholdBytes=" + parallelThresholdBytes
              + ", compressionExecutor=" + (compressionExecutor == null ? "shared" : compressionExecutor) : "");
    }
  }
}
