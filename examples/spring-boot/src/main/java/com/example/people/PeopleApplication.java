package com.example.people;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A people directory: JSON (and MessagePack) lists of a few hundred records. */
@SpringBootApplication
public class PeopleApplication {
  public static void main(String[] args) {
    SpringApplication.run(PeopleApplication.class, args);
  }
}
