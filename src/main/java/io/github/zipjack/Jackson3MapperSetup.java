package io.github.zipjack;

import io.github.zipjack.codec.OptionalDependency;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Makes the pipeline's own Jackson 3 mapper from the user's {@code JsonMapper}, which stays as it
 * is (Jackson 3 mappers are immutable; this rebuilds a new one). Changes only what a pipeline needs,
 * so that its bytes are the user's mapper's: Jackson neither closes nor flushes the encoder's stream
 * (the pipeline finishes it), the nesting and document-length read limits are this builder's (the
 * mapper's other read constraints are kept), and the builder's accelerator, omitEmpty and
 * fastDoubleWriter are applied. Runs once per {@link Pipeline.Builder#build()}.
 */
final class Jackson3MapperSetup {
  private static final String BLACKBIRD = "tools.jackson.module.blackbird.BlackbirdModule";

  private Jackson3MapperSetup() {}

  /**
   * @throws IllegalArgumentException if the mapper is not a JSON mapper, or the settings ask for what
   *     Jackson 3 cannot do (MessagePack, Afterburner)
   */
  static ObjectMapper create(ObjectMapper userMapper, Pipeline.Settings settings) {
    if (settings.format == Format.MSGPACK) {
      throw new IllegalArgumentException("format is MSGPACK but the mapper is a Jackson 3 mapper: no Jackson 3 "
          + "MessagePack backend is released on Maven Central (msgpack-java's Jackson 3 support is unreleased); "
          + "give a MSGPACK pipeline a Jackson 2 ObjectMapper with mapper(...), or use Format.JSON");
    }
    if (settings.accelerator == Accelerator.AFTERBURNER) {
      throw new IllegalArgumentException("accelerator is AFTERBURNER but the mapper is a Jackson 3 mapper: "
          + "Afterburner has no Jackson 3 release; use Accelerator.BLACKBIRD "
          + "(tools.jackson.module:jackson-module-blackbird)");
    }
    if (!(userMapper instanceof JsonMapper json)) {
      throw new IllegalArgumentException("jackson3Mapper must be a tools.jackson.databind.json.JsonMapper "
          + "(zipjack writes JSON with Jackson 3), not a " + userMapper.getClass().getName());
    }
    StreamReadConstraints limits = json.tokenStreamFactory().streamReadConstraints().rebuild()
        .maxNestingDepth(settings.maxNestingDepth)
        .maxDocumentLength(settings.maxDecodedBytes)
        .build();
    JsonMapper.Builder builder = new ConstrainedBuilder(json.rebuild(), limits)
        .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
        .disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
    if (settings.fastDoubleWriter) {
      builder.enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER);
    }
    if (settings.accelerator == Accelerator.BLACKBIRD) {
      builder.addModule(blackbird());
    }
    if (settings.omitEmpty) {
      builder.changeDefaultPropertyInclusion(inclusion -> inclusion
          .withValueInclusion(JsonInclude.Include.NON_EMPTY).withContentInclusion(JsonInclude.Include.NON_EMPTY));
    }
    return builder.build();
  }

  private static JacksonModule blackbird() {
    Class<?> type = OptionalDependency.load(BLACKBIRD, "Accelerator.BLACKBIRD with a Jackson 3 mapper",
        "tools.jackson.module:jackson-module-blackbird");
    try {
      return (JacksonModule) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + BLACKBIRD + ": " + e, e);
    }
  }

  /**
   * A copy of a mapper's builder whose JSON factory has other read constraints: Jackson 3 keeps them
   * in the factory, which a mapper builder offers no setter for.
   */
  private static final class ConstrainedBuilder extends JsonMapper.Builder {
    ConstrainedBuilder(JsonMapper.Builder from, StreamReadConstraints limits) {
      super(new JsonMapper.Builder.StateImpl(from));
      _streamFactory = ((JsonFactory) _streamFactory).rebuild().streamReadConstraints(limits).build();
    }
  }
}
