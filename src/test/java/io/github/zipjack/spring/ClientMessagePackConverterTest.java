package io.github.zipjack.spring;

import static io.github.zipjack.spring.CallingApplication.PEOPLE;
import static io.github.zipjack.spring.CallingApplication.SNAKE_CASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.client.StoredAnswerServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractGenericHttpMessageConverter;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.json.JsonMapper;

/**
 * zipjack's client message converter with MessagePack beside JSON, in one bean: a Boot application
 * calling a zipjack service reads its compressed MessagePack answers into objects and sends
 * MessagePack request bodies compressed with their exact length (read back by the service with
 * msgpack's own Jackson factory, not with zipjack), refuses corrupt MessagePack with zipjack's
 * exception inside Spring's, and still reads and writes JSON; a converter without a MessagePack
 * pipeline serves no MessagePack type.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientMessagePackConverterTest {
  private static final MediaType VND_MSGPACK = MediaType.parseMediaType("application/vnd.msgpack");
  /** Writes MessagePack as the calling application's and the service's MessagePack mappers do (snake_case). */
  private static final ObjectMapper SNAKE_CASE_MSGPACK = new ObjectMapper(new MessagePackFactory())
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  private RunningBootService service;
  private StoredAnswerServer bare;
  /** Compresses request bodies of 1 KB and more with gzip. */
  private ConfigurableApplicationContext caller;

  @BeforeAll
  void start() throws Exception {
    service = RunningBootService.start(new Class<?>[] {MessagePackRequestBodies.class});
    bare = new StoredAnswerServer();
    caller = CallingApplication.start("zipjack.client.compress-requests=true",
        "zipjack.client.compress-requests-min-size=1KB");
  }

  @AfterAll
  void stop() {
    caller.close();
    service.close();
    bare.close();
  }

  /** A client from the RestClient.Builder Boot injects, with {@code wire} last among its interceptors. */
  private RestClient injected(RecordingInterceptor wire) {
    return caller.getBean(RestClient.Builder.class).requestInterceptor(wire).build();
  }

  private static byte[] gunzip(byte[] body) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  private static List<Throwable> causes(Throwable e) {
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    return chain;
  }

  @Test
  void compressedMessagePackAnswerOfAZipjackServiceIsReadBackEqual() {
    RecordingInterceptor wire = new RecordingInterceptor();

    List<PeopleService.Person> people = injected(wire).get().uri(service.uri("/people")).accept(VND_MSGPACK)
        .retrieve().body(PEOPLE);

    assertThat(people).isEqualTo(PeopleService.people(300));
    assertThat(wire.responseHeaders.getContentType()).isEqualTo(VND_MSGPACK);
    assertThat(wire.responseHeaders.getFirst("Content-Encoding")).isEqualTo("zstd");
  }

  @Test
  void stillCompressedMessagePackAnswerIsDecodedByTheConverterAlone() throws Exception {
    bare.put("/zstd-msgpack", "application/x-msgpack", "zstd",
        Zstd.compress(SNAKE_CASE_MSGPACK.writeValueAsBytes(PeopleService.people(40)), 3));
    RestClient converterOnly = caller.getBean(RestClient.Builder.class).requestInterceptors(List::clear).build();

    assertThat(converterOnly.get().uri(bare.uri("/zstd-msgpack")).header("Accept-Encoding", "zstd").retrieve()
        .body(PEOPLE)).isEqualTo(PeopleService.people(40));
  }

  @Test
  void messagePackRequestBodyIsCompressedWithItsExactLengthAndTheServiceReadsItBackEqual() throws Exception {
    RecordingInterceptor wire = new RecordingInterceptor();

    List<PeopleService.Person> echoed = injected(wire).post().uri(service.uri("/echo")).contentType(VND_MSGPACK)
        .accept(VND_MSGPACK).body(PeopleService.people(50)).retrieve().body(PEOPLE);

    assertThat(echoed).isEqualTo(PeopleService.people(50));
    assertThat(wire.requestHeaders.getContentType()).isEqualTo(VND_MSGPACK);
    assertThat(wire.requestHeaders.getFirst("Content-Encoding")).isEqualTo("gzip");
    assertThat(wire.requestHeaders.getContentLength()).isEqualTo(wire.requestBody.length);
    assertThat(gunzip(wire.requestBody)).isEqualTo(SNAKE_CASE_MSGPACK.writeValueAsBytes(PeopleService.people(50)));
  }

  @Test
  void corruptMessagePackAnswerFailsWithZipjacksExceptionInsideSpringsAndTheNextCallWorks() throws Exception {
    // an array of three whose first element starts with 0xc1, a byte MessagePack never uses
    byte[] corrupt = {(byte) 0x93, (byte) 0xc1, 0x01, 0x02};
    bare.put("/corrupt-msgpack", "application/vnd.msgpack", "zstd", Zstd.compress(corrupt, 3));
    bare.put("/good-msgpack", "application/vnd.msgpack", "zstd",
        Zstd.compress(SNAKE_CASE_MSGPACK.writeValueAsBytes(PeopleService.people(3)), 3));
    RestClient client = injected(new RecordingInterceptor());

    assertThatThrownBy(() -> client.get().uri(bare.uri("/corrupt-msgpack")).retrieve().body(PEOPLE))
        .isInstanceOf(RestClientException.class)
        .satisfies(e -> assertThat(causes(e)).hasAtLeastOneElementOfType(ZipjackDecodeException.class))
        .cause().isInstanceOf(HttpMessageNotReadableException.class)
        .hasMessageStartingWith("Could not read MessagePack: ");
    assertThat(client.get().uri(bare.uri("/good-msgpack")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(3));
  }

  @Test
  void jsonIsStillReadAndWrittenByTheSameConverter() throws Exception {
    RecordingInterceptor wire = new RecordingInterceptor();

    List<PeopleService.Person> echoed = injected(wire).post().uri(service.uri("/echo")).body(PeopleService.people(50))
        .retrieve().body(PEOPLE);

    assertThat(echoed).isEqualTo(PeopleService.people(50));
    assertThat(wire.requestHeaders.getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
    assertThat(wire.responseHeaders.getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
    assertThat(gunzip(wire.requestBody)).isEqualTo(SNAKE_CASE.writeValueAsBytes(PeopleService.people(50)));
  }

  @Test
  void textWildcardIsNeitherJsonNorMessagePack() {
    CompressingClientMessageConverter converter = caller.getBean(CompressingClientMessageConverter.class);
    ResolvableType people = ResolvableType.forType(PEOPLE.getType());

    assertThat(converter.canRead(people, MediaType.parseMediaType("text/*"))).isFalse();
    assertThat(converter.canWrite(people, List.class, MediaType.parseMediaType("text/*"))).isFalse();
  }

  @Test
  void injectedRestTemplateStillGetsJsonFirstThoughItAlsoAcceptsMessagePack() {
    RecordingInterceptor wire = new RecordingInterceptor();
    RestTemplate template = caller.getBean(RestTemplateBuilder.class).build();
    template.getInterceptors().add(wire);

    PeopleService.Person[] people = template.getForObject(service.uri("/people"), PeopleService.Person[].class);

    assertThat(people).containsExactlyElementsOf(PeopleService.people(300));
    assertThat(wire.requestHeaders.getAccept()).contains(VND_MSGPACK);
    assertThat(wire.responseHeaders.getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
  }

  @Test
  void oneConverterBeanServesJsonAndMessagePack() {
    assertThat(caller.getBeansOfType(CompressingClientMessageConverter.class)).hasSize(1);
    assertThat(caller.getBean(CompressingClientMessageConverter.class).getSupportedMediaTypes())
        .containsExactlyElementsOf(concat(ConverterPipelines.JSON_TYPES, ConverterPipelines.MSGPACK_TYPES));
  }

  @Test
  void withoutMsgpackOnTheClassPathTheAutoConfiguredConverterServesJsonOnly() {
    new ApplicationContextRunner().withClassLoader(new FilteredClassLoader("org.msgpack"))
        .withConfiguration(AutoConfigurations.of(ZipjackClientAutoConfiguration.class))
        .withBean(JsonMapper.class, JsonMapper::new)
        .run(context -> assertThat(context.getBean(CompressingClientMessageConverter.class).getSupportedMediaTypes())
            .containsExactlyElementsOf(ConverterPipelines.JSON_TYPES));
  }

  @Test
  void jsonOnlyConverterNeitherReadsNorWritesMessagePack() {
    try (Pipeline json = Pipeline.builder().compression(Compression.none()).build();
        CompressingClientMessageConverter converter = CompressingClientMessageConverter.builder(json).codings("gzip")
            .build()) {
      ResolvableType people = ResolvableType.forType(PEOPLE.getType());

      assertThat(converter.canRead(people, VND_MSGPACK)).isFalse();
      assertThat(converter.canWrite(people, List.class, VND_MSGPACK)).isFalse();
      assertThat(converter.getSupportedMediaTypes()).containsExactlyElementsOf(ConverterPipelines.JSON_TYPES);
    }
  }

  @Test
  void msgpack_pipelineOfFormatJson() {
    try (Pipeline json = Pipeline.builder().compression(Compression.none()).build()) {
      assertThatThrownBy(() -> CompressingClientMessageConverter.builder(json).msgpack(json))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("the client converter's MessagePack pipeline must have format MSGPACK: JSON");
    }
  }

  @Test
  void builder_jsonPipelineOfFormatMsgpack() {
    try (Pipeline msgpack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build()) {
      assertThatThrownBy(() -> CompressingClientMessageConverter.builder(msgpack))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("the client converter's JSON pipeline must have format JSON: MSGPACK");
    }
  }

  private static List<MediaType> concat(List<MediaType> first, List<MediaType> second) {
    List<MediaType> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  /**
   * Lets the service read MessagePack request bodies, with msgpack's own Jackson 2 factory (zipjack's
   * server converter only writes), so that what the client sent is read by something other than zipjack.
   */
  @Configuration(proxyBeanMethods = false)
  static class MessagePackRequestBodies {
    @Bean
    WebMvcConfigurer messagePackReader() {
      return new WebMvcConfigurer() {
        @Override
        public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
          converters.add(new MessagePackReader());
        }
      };
    }
  }

  /** Reads MessagePack into generic types with msgpack's Jackson 2 factory in snake_case; writes nothing. */
  static final class MessagePackReader extends AbstractGenericHttpMessageConverter<Object> {
    MessagePackReader() {
      super(ConverterPipelines.MSGPACK_TYPES.toArray(new MediaType[0]));
    }

    @Override
    protected boolean supports(Class<?> type) {
      return true;
    }

    @Override
    public boolean canWrite(Class<?> valueClass, MediaType mediaType) {
      return false;
    }

    @Override
    public boolean canWrite(Type type, Class<?> valueClass, MediaType mediaType) {
      return false;
    }

    @Override
    public Object read(Type type, Class<?> contextClass, HttpInputMessage input) throws IOException {
      return SNAKE_CASE_MSGPACK.readValue(input.getBody(), SNAKE_CASE_MSGPACK.constructType(type));
    }

    @Override
    protected Object readInternal(Class<?> type, HttpInputMessage input) throws IOException {
      return SNAKE_CASE_MSGPACK.readValue(input.getBody(), type);
    }

    @Override
    protected void writeInternal(Object value, Type type, HttpOutputMessage output) {
      throw new UnsupportedOperationException("reads only");
    }
  }
}
