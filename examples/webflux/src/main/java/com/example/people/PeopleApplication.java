package com.example.people;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A people directory on WebFlux: JSON (and MessagePack) lists of a few hundred records, and a mirror of an upstream one. */
@SpringBootApplication
public class PeopleApplication {
  public static void main(String[] args) {
    SpringApplication.run(PeopleApplication.class, args);
  }
}
