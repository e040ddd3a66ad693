package io.github.zipjack.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.afterburner.AfterburnerModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.msgpack.jackson.dataformat.MessagePackMapper;
import org.msgpack.jackson.dataformat.TimestampExtensionModule;

/** The mappers the benchmarks use agree with the canonical files. */
class MapperCompatibilityTest {
  @ParameterizedTest
  @ValueSource(strings = {"people-100", "numeric"})
  void aDefaultMapperWithJavaTimeModuleWritesTheCanonicalBytes(String name) throws Exception {
    JsonMapper mapper = JsonMapper.builder().addModule(new JavaTimeModule()).build();
    Dataset dataset = Datasets.load(name);
    assertArrayEquals(dataset.rawJson(), mapper.writeValueAsBytes(dataset.value()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"people-100", "numeric"})
  void afterburnerWritesTheCanonicalBytes(String name) throws Exception {
    JsonMapper mapper = JsonMapper.builder()
        .addModule(new JavaTimeModule()).addModule(new AfterburnerModule()).build();
    Dataset dataset = Datasets.load(name);
    assertArrayEquals(dataset.rawJson(), mapper.writeValueAsBytes(dataset.value()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"people-100", "numeric"})
  void blackbirdWritesTheCanonicalBytes(String name) throws Exception {
    JsonMapper mapper = JsonMapper.builder()
        .addModule(new JavaTimeModule()).addModule(new BlackbirdModule()).build();
    Dataset dataset = Datasets.load(name);
    assertArrayEquals(dataset.rawJson(), mapper.writeValueAsBytes(dataset.value()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"people-100", "numeric"})
  void messagePackWithTimestampExtensionsRoundTripsToEqualValues(String name) throws Exception {
    ObjectMapper mapper = MessagePackMapper.builder()
        .addModule(TimestampExtensionModule.INSTANCE).build();
    Dataset dataset = Datasets.load(name);
    byte[] packed = mapper.writeValueAsBytes(dataset.value());
    assertEquals(dataset.value(),
        mapper.readValue(packed, mapper.constructType(dataset.type())));
  }
}
