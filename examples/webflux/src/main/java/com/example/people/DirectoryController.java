package com.example.people;

import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/** A mirror of an upstream directory, read with Boot's {@code WebClient.Builder}. */
@RestController
public class DirectoryController {
  private static final ParameterizedTypeReference<List<Person>> PEOPLE = new ParameterizedTypeReference<>() {};
  private final WebClient upstream;

  public DirectoryController(WebClient.Builder builder, @Value("${directory.url}") String directoryUrl) {
    this.upstream = builder.baseUrl(directoryUrl).build();
  }

  /** The upstream's page of people, as this service's own JSON. */
  @GetMapping("/directory/people")
  public Mono<List<Person>> people(@RequestParam(defaultValue = "0") int from,
      @RequestParam(defaultValue = "300") int count) {
    return upstream.get().uri(uri -> uri.path("/people").queryParam("from", from).queryParam("count", count).build())
        .retrieve().bodyToMono(PEOPLE);
  }
}
