package io.github.zipjack.spring;

import static io.github.zipjack.spring.CallingApplication.PEOPLE;
import static io.github.zipjack.spring.CallingApplication.SNAKE_CASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.Pipeline;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.client.Bombs;
import io.github.zipjack.client.StoredAnswerServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * zipjack's client message converter, with the application's mapper: request bodies compressed in
 * one pass with their exact length (and inflated by zipjack's filter in front of a Boot service),
 * small ones sent as they are; compressed answers read by the converter alone, with no interceptor;
 * bad bodies refused with zipjack's exceptions inside Spring's, the next call working; and Boot's
 * auto-configuration registering it ahead of Spring's JSON converter, or backing off.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientMessageConverterTest {
  private RunningBootService service;
  private StoredAnswerServer bare;
  /** A converter made by hand, on a snake_case mapper, limited to 8 MiB, that compresses no request. */
  private CompressingClientMessageConverter converter;

  @BeforeAll
  void start() throws Exception {
    service = RunningBootService.start();
    bare = new StoredAnswerServer();
    try (Pipeline snake = Pipeline.builder().mapper(SNAKE_CASE).compression(Compression.none()).maxDecodedBytes(8 << 20)
        .build()) {
      converter = CompressingClientMessageConverter.builder(snake).build();
    }
  }

  @AfterAll
  void stop() {
    converter.close();
    service.close();
    bare.close();
  }

  /** A RestClient on Spring's JDK factory with only the hand-made converter for JSON, and no interceptor. */
  private RestClient converterOnly() {
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory();
    factory.enableCompression(false); // Spring's own gzip decoding, which would hide a gzip body from the converter
    return RestClient.builder().requestFactory(factory)
        .configureMessageConverters(converters -> converters.addCustomConverter(converter)).build();
  }

  private static byte[] gunzip(byte[] body) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  @Test
  void jsonRequestBodyIsCompressedInOnePassWithItsExactLengthAndTheFilterInflatesIt() throws Exception {
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.compress-requests=true")) {
      RecordingInterceptor converterWrote = new RecordingInterceptor();
      RestClient client = caller.getBean(RestClient.Builder.class)
          .requestInterceptors(interceptors -> interceptors.add(0, converterWrote)).build();

      List<PeopleService.Person> echoed = client.post().uri(service.uri("/echo")).body(PeopleService.people(50))
          .retrieve().body(PEOPLE);

      assertThat(echoed).isEqualTo(PeopleService.people(50));
      assertThat(converterWrote.requestHeaders.getFirst("Content-Encoding")).isEqualTo("gzip");
      assertThat(converterWrote.requestHeaders.getContentLength()).isEqualTo(converterWrote.requestBody.length);
      assertThat(gunzip(converterWrote.requestBody)).isEqualTo(SNAKE_CASE.writeValueAsBytes(PeopleService.people(50)));
    }
  }

  @Test
  void compressedRequestBodyStreamsThroughSpringsJdkFactoryWithoutInterceptorsWithItsExactLength() throws Exception {
    bare.put("/streamed", "application/json", null, "[]".getBytes());
    try (Pipeline snake = Pipeline.builder().mapper(SNAKE_CASE).compression(Compression.none()).build();
        CompressingClientMessageConverter compressing = CompressingClientMessageConverter.builder(snake)
            .compressRequests(Compression.zstd(1), 0).build()) {
      RestClient client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
          .configureMessageConverters(converters -> converters.addCustomConverter(compressing)).build();

      client.post().uri(bare.uri("/streamed")).body(PeopleService.people(40)).retrieve().body(PEOPLE);

      StoredAnswerServer.Received received = bare.received("/streamed");
      assertThat(received.headers().getFirst("Content-Encoding")).isEqualTo("zstd");
      assertThat(received.headers().getFirst("Content-Length")).isEqualTo(String.valueOf(received.body().length));
      assertThat(Zstd.decompress(received.body(), 1 << 20)).isEqualTo(SNAKE_CASE.writeValueAsBytes(PeopleService.people(40)));
    }
  }

  @Test
  void requestBodyBelowTheMinimumSizeGoesAsItIsWithItsExactLength() throws Exception {
    bare.put("/small", "application/json", null, "[]".getBytes());
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.compress-requests=true",
        "zipjack.client.compress-requests-min-size=1KB")) {
      RestClient client = caller.getBean(RestClient.Builder.class).build();

      client.post().uri(bare.uri("/small")).body(PeopleService.people(1)).retrieve().body(PEOPLE);

      StoredAnswerServer.Received received = bare.received("/small");
      assertThat(received.headers().getFirst("Content-Encoding")).isNull();
      assertThat(received.headers().getFirst("Content-Length")).isEqualTo(String.valueOf(received.body().length));
      assertThat(received.body()).isEqualTo(SNAKE_CASE.writeValueAsBytes(PeopleService.people(1)));
    }
  }

  @Test
  void compressedAnswerIsDecodedByTheConverterAloneIntoTheType() throws Exception {
    bare.put("/zstd-people", "application/json", "zstd", Zstd.compress(SNAKE_CASE.writeValueAsBytes(PeopleService.people(300)), 3));

    assertThat(converterOnly().get().uri(bare.uri("/zstd-people")).retrieve().body(PEOPLE))
        .isEqualTo(PeopleService.people(300));
  }

  @Test
  void bombThroughTheConverterFailsWithZipjacksLimitInsideSpringsExceptionAndTheNextCallWorks() throws Exception {
    bare.put("/converter-bomb", "application/json", "zstd", Bombs.oneGib("zstd"));
    bare.put("/after-bomb", "application/json", "zstd", Zstd.compress(SNAKE_CASE.writeValueAsBytes(PeopleService.people(3)), 3));
    RestClient client = converterOnly();

    assertThatThrownBy(() -> client.get().uri(bare.uri("/converter-bomb")).retrieve().body(PEOPLE))
        .isInstanceOf(RestClientException.class)
        .hasCauseInstanceOf(HttpMessageNotReadableException.class)
        .hasRootCauseInstanceOf(DecodeLimitExceededException.class);
    assertThat(client.get().uri(bare.uri("/after-bomb")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(3));
  }

  @Test
  void truncatedBodyThroughTheConverterInRestTemplateFailsWithZipjacksExceptionAndTheNextCallWorks() throws Exception {
    byte[] whole = Zstd.compress(SNAKE_CASE.writeValueAsBytes(PeopleService.people(300)), 3);
    bare.put("/truncated", "application/json", "zstd", Arrays.copyOf(whole, whole.length / 2));
    bare.put("/whole", "application/json", "zstd", whole);
    List<HttpMessageConverter<?>> converters = new ArrayList<>(new RestTemplate().getMessageConverters());
    converters.add(0, converter);
    RestTemplate template = new RestTemplate(converters);
    template.setRequestFactory(new JdkClientHttpRequestFactory());

    assertThatThrownBy(() -> template.getForObject(bare.uri("/truncated"), PeopleService.Person[].class))
        .isInstanceOf(RestClientException.class)
        .hasRootCauseInstanceOf(TruncatedBodyException.class);
    assertThat(template.getForObject(bare.uri("/whole"), PeopleService.Person[].class)).hasSize(300);
  }

  @Test
  void injectedRestClientBuilderReadsJsonWithTheConverterEvenWithoutTheInterceptor() throws Exception {
    bare.put("/boot-zstd", "application/json", "zstd", Zstd.compress(SNAKE_CASE.writeValueAsBytes(PeopleService.people(7)), 3));
    try (ConfigurableApplicationContext caller = CallingApplication.start()) {
      RestClient client = caller.getBean(RestClient.Builder.class).requestInterceptors(List::clear).build();

      assertThat(client.get().uri(bare.uri("/boot-zstd")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(7));
    }
  }

  @Test
  void injectedRestTemplateHasTheConverterAheadOfSpringsJsonConverter() {
    try (ConfigurableApplicationContext caller = CallingApplication.start()) {
      RestTemplate template = caller.getBean(RestTemplateBuilder.class).build();

      HttpMessageConverter<?> firstJson = template.getMessageConverters().stream()
          .filter(c -> c.canWrite(Map.class, MediaType.APPLICATION_JSON)).findFirst().orElseThrow();
      assertThat(firstJson).isSameAs(caller.getBean(CompressingClientMessageConverter.class));
    }
  }

  /**
   * Boot hands every converter bean to Spring MVC too: the client converter must not be among the
   * service's own, where it would write the service's responses (found in a profile of a service
   * with zipjack.compression.enabled=false, whose JSON went through it).
   */
  @Test
  void theClientConverterIsNotAmongTheServicesOwnConverters() {
    List<HttpMessageConverter<?>> served = service.bean(RequestMappingHandlerAdapter.class).getMessageConverters();

    assertThat(served).noneMatch(CompressingClientMessageConverter.class::isInstance);
    assertThat(served).anyMatch(CompressingMessageConverter.class::isInstance);
  }

  @Test
  void backsOffWhenTheApplicationDefinesItsOwnConverter() {
    try (ConfigurableApplicationContext caller = CallingApplication.start(new Class<?>[] {OwnConverter.class})) {
      assertThat(caller.getBeansOfType(CompressingClientMessageConverter.class)).containsOnlyKeys("ownConverter");
    }
  }

  @Test
  void converterEnabledFalseRegistersNone() {
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.converter.enabled=false")) {
      assertThat(caller.getBeansOfType(CompressingClientMessageConverter.class)).isEmpty();
      RestTemplate template = caller.getBean(RestTemplateBuilder.class).build();
      assertThat(template.getMessageConverters()).noneMatch(CompressingClientMessageConverter.class::isInstance);
    }
  }

  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  static class OwnConverter {
    @org.springframework.context.annotation.Bean(destroyMethod = "close")
    CompressingClientMessageConverter ownConverter() {
      try (Pipeline json = Pipeline.builder().compression(Compression.none()).build()) {
        return CompressingClientMessageConverter.builder(json).codings("gzip").build();
      }
    }
  }
}
