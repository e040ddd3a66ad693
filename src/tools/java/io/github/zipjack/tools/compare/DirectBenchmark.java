package io.github.zipjack.tools.compare;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One configuration's JMH benchmark method, ready to be called in slices of a few milliseconds
 * between other configurations' slices: its {@code @State} objects made, their {@code @Param} fields
 * set from the configuration (or their single default), their trial and iteration {@code @Setup}
 * methods run, dependencies first, as JMH would. A method marked {@code @Threads(n)} runs on n threads
 * at once (the configuration's {@link JmhConfiguration#THREADS} parameter overrides it, as JMH's
 * {@code -t} does), each with its own thread-scoped states and Blackhole, sharing the benchmark-scoped ones.
 * Every value the method returns goes to a Blackhole. A setup per invocation is refused: this harness
 * times batches, not calls.
 *
 * <p>Not thread-safe: one thread calls {@link #runFor} and {@link #close}. {@link #close} runs the
 * {@code @TearDown} methods and stops the worker threads.
 */
final class DirectBenchmark implements SliceSource {
  private static final String BLACKHOLE_CHALLENGE =
      "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

  private final JmhConfiguration configuration;
  private final int threads;
  /** Per thread: its Blackhole, its thread-scoped states, its bound call. */
  private final List<Blackhole> blackholes = new ArrayList<>();
  private final List<Map<Class<?>, Object>> threadStates = new ArrayList<>();
  private final List<MethodHandle> calls = new ArrayList<>();
  private final Map<Class<?>, Object> states = new LinkedHashMap<>();
  private final Map<Object, Boolean> settingUp = new IdentityHashMap<>();
  private final List<Runnable> tearDowns = new ArrayList<>();
  private final ExecutorService workers;

  /**
   * Makes the states and runs their setups.
   *
   * @throws IllegalArgumentException naming the configuration when its method, a parameter or a
   *     setup cannot be had, or a setup fails
   */
  DirectBenchmark(JmhConfiguration configuration) {
    this.configuration = configuration;
    Method method = benchmarkMethod(configuration.benchmark());
    Threads annotation = method.isAnnotationPresent(Threads.class) ? method.getAnnotation(Threads.class)
        : method.getDeclaringClass().getAnnotation(Threads.class);
    String override = configuration.params().get(JmhConfiguration.THREADS);
    try {
      threads = override != null ? Integer.parseInt(override) : annotation == null ? 1 : annotation.value();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(configuration.spec() + ": " + JmhConfiguration.THREADS + " must be a whole"
          + " number of threads, 1 or more: " + override, e);
    }
    if (threads < 1) {
      throw new IllegalArgumentException(configuration.spec() + ": " + threads
          + " threads is not a thread count this harness runs (1 or more)");
    }
    for (int thread = 0; thread < threads; thread++) {
      blackholes.add(new Blackhole(BLACKHOLE_CHALLENGE));
      threadStates.add(new LinkedHashMap<>());
    }
    try {
      prepare(method);
    } catch (RuntimeException e) {
      runTearDowns();
      throw e;
    }
    workers = threads == 1 ? null : Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "zipjack-slice-" + configuration.name());
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Makes every thread's states, runs their setups and binds the calls; checks the parameters named. */
  private void prepare(Method method) {
    for (int thread = 0; thread < threads; thread++) {
      Object owner = state(method.getDeclaringClass(), thread);
      List<Object> arguments = new ArrayList<>();
      for (Class<?> type : method.getParameterTypes()) {
        arguments.add(argument(type, thread));
      }
      calls.add(bind(method, owner, arguments));
    }
    for (String name : configuration.params().keySet()) {
      if (name.equals(JmhConfiguration.THREADS)) {
        continue;
      }
      List<Class<?>> all = new ArrayList<>(states.keySet());
      all.addAll(threadStates.get(0).keySet());
      if (all.stream().noneMatch(c -> paramField(c, name) != null)) {
        throw new IllegalArgumentException(configuration.spec() + ": no @Param " + name + " in "
            + all.stream().map(Class::getSimpleName).toList());
      }
    }
  }

  private MethodHandle bind(Method method, Object owner, List<Object> arguments) {
    try {
      MethodHandle handle = MethodHandles.publicLookup().unreflect(method).bindTo(owner);
      for (Object argument : arguments) {
        handle = MethodHandles.insertArguments(handle, 0, argument);
      }
      return handle.asType(MethodType.methodType(Object.class));
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException(configuration.spec() + ": " + method + " is not public", e);
    }
  }

  /** The threads the method runs on at once ({@code @Threads}, else 1). */
  int threads() {
    return threads;
  }

  /**
   * Calls the method until at least {@code nanos} have passed (at least once), on each of its threads.
   *
   * @return how many calls in all, and the nanoseconds from the slice's start to the last call's end
   */
  @Override
  public Slice runFor(long nanos) throws RoundRunner.MeasurementFailure {
    long start = System.nanoTime();
    if (workers == null) {
      int done = loop(0, start, nanos);
      return new Slice(done, System.nanoTime() - start, SliceSource.jitMillisSoFar());
    }
    List<Future<Integer>> running = new ArrayList<>(threads);
    for (int thread = 0; thread < threads; thread++) {
      int index = thread;
      running.add(workers.submit(() -> loop(index, start, nanos)));
    }
    int done = 0;
    try {
      for (Future<Integer> future : running) {
        done += future.get();
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RoundRunner.MeasurementFailure failure ? failure
          : new RoundRunner.MeasurementFailure(configuration.spec() + " failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RoundRunner.MeasurementFailure("interrupted", e);
    }
    return new Slice(done, System.nanoTime() - start, SliceSource.jitMillisSoFar());
  }

  /** One thread's calls until {@code nanos} after {@code start}; at least one. */
  private int loop(int thread, long start, long nanos) throws RoundRunner.MeasurementFailure {
    MethodHandle call = calls.get(thread);
    Blackhole blackhole = blackholes.get(thread);
    int done = 0;
    try {
      do {
        blackhole.consume((Object) call.invokeExact());
        done++;
      } while (System.nanoTime() - start < nanos);
    } catch (Throwable e) {
      throw new RoundRunner.MeasurementFailure(configuration.spec() + " failed: " + e, e);
    }
    return done;
  }

  @Override
  public void close() {
    runTearDowns();
    if (workers != null) {
      workers.shutdownNow();
    }
  }

  /** The tear-downs of the states made so far, last made first; each once. */
  private void runTearDowns() {
    List<Runnable> reversed = new ArrayList<>(tearDowns);
    Collections.reverse(reversed);
    tearDowns.clear();
    reversed.forEach(Runnable::run);
  }

  /** The class and method of {@code pkg.Class.method}, public and annotated {@code @Benchmark}. */
  private static Method benchmarkMethod(String benchmark) {
    int dot = benchmark.lastIndexOf('.');
    if (dot <= 0) {
      throw new IllegalArgumentException("a benchmark is package.Class.method: " + benchmark);
    }
    Class<?> type;
    try {
      type = Class.forName(benchmark.substring(0, dot));
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("no benchmark class " + benchmark.substring(0, dot), e);
    }
    String name = benchmark.substring(dot + 1);
    for (Method method : type.getMethods()) {
      if (method.getName().equals(name) && method.isAnnotationPresent(Benchmark.class)) {
        return method;
      }
    }
    throw new IllegalArgumentException("no @Benchmark method " + name + " in " + type.getName());
  }

  /** A value JMH would pass to a benchmark or setup method of this type on thread {@code thread}. */
  private Object argument(Class<?> type, int thread) {
    if (type == Blackhole.class) {
      return blackholes.get(thread);
    }
    if (type == BenchmarkParams.class) {
      return benchmarkParams();
    }
    if (type == ThreadParams.class) {
      return new ThreadParams(thread, threads, 0, 1, 0, 1, thread, threads, thread, threads);
    }
    if (type == IterationParams.class) {
      return new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.seconds(1), 1);
    }
    if (type.isAnnotationPresent(State.class)) {
      return state(type, thread);
    }
    throw new IllegalArgumentException(configuration.spec() + ": cannot supply a " + type.getName());
  }

  /**
   * The state object of a class for a thread (one per thread for {@code Scope.Thread}, else one for
   * all), made, its parameters set and its setups run on first use.
   */
  private Object state(Class<?> type, int thread) {
    State scope = type.getAnnotation(State.class);
    if (scope == null) {
      throw new IllegalArgumentException(configuration.spec() + ": " + type.getName() + " is no @State");
    }
    Map<Class<?>, Object> states = scope.value() == Scope.Thread ? threadStates.get(thread) : this.states;
    Object existing = states.get(type);
    if (existing != null) {
      if (settingUp.containsKey(existing)) {
        throw new IllegalArgumentException(configuration.spec() + ": states depend on each other in a cycle through "
            + type.getName());
      }
      return existing;
    }
    Object state;
    try {
      state = type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(configuration.spec() + ": cannot make state " + type.getName() + ": " + e, e);
    }
    states.put(type, state);
    settingUp.put(state, Boolean.TRUE);
    setParams(type, state);
    List<Method> setups = new ArrayList<>();
    for (Method method : type.getMethods()) {
      Setup setup = method.getAnnotation(Setup.class);
      if (setup != null) {
        if (setup.value() == Level.Invocation) {
          throw new IllegalArgumentException(configuration.spec() + ": a setup per invocation (" + method.getName()
              + ") cannot be run between timed slices");
        }
        setups.add(method);
      }
      TearDown tearDown = method.getAnnotation(TearDown.class);
      if (tearDown != null) {
        tearDowns.add(() -> tearDown(state, method, thread));
      }
    }
    // Trial setups before iteration setups, as JMH runs them.
    setups.sort((a, b) -> Integer.compare(a.getAnnotation(Setup.class).value().ordinal(),
        b.getAnnotation(Setup.class).value().ordinal()));
    for (Method setup : setups) {
      Object[] arguments = new Object[setup.getParameterCount()];
      for (int i = 0; i < arguments.length; i++) {
        arguments[i] = argument(setup.getParameterTypes()[i], thread);
      }
      try {
        setup.invoke(state, arguments);
      } catch (InvocationTargetException e) {
        throw new IllegalArgumentException(configuration.spec() + ": " + type.getSimpleName() + "." + setup.getName()
            + " failed: " + e.getCause(), e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalArgumentException(configuration.spec() + ": " + setup + " is not public", e);
      }
    }
    settingUp.remove(state);
    return state;
  }

  private void setParams(Class<?> type, Object state) {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        Param param = field.getAnnotation(Param.class);
        if (param == null || Modifier.isStatic(field.getModifiers())) {
          continue;
        }
        String value = configuration.params().get(field.getName());
        if (value == null) {
          if (param.value().length != 1) {
            throw new IllegalArgumentException(configuration.spec() + ": name a value for @Param " + field.getName()
                + ", one of " + List.of(param.value()));
          }
          value = param.value()[0];
        }
        try {
          field.setAccessible(true);
          field.set(state, convert(field.getType(), value));
        } catch (IllegalAccessException | IllegalArgumentException e) {
          throw new IllegalArgumentException(configuration.spec() + ": @Param " + field.getName() + " cannot be "
              + value + ": " + e.getMessage(), e);
        }
      }
    }
  }

  private static Field paramField(Class<?> type, String name) {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (field.getName().equals(name) && field.isAnnotationPresent(Param.class)) {
          return field;
        }
      }
    }
    return null;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object convert(Class<?> type, String value) {
    if (type == String.class) {
      return value;
    }
    if (type == int.class || type == Integer.class) {
      return Integer.parseInt(value);
    }
    if (type == long.class || type == Long.class) {
      return Long.parseLong(value);
    }
    if (type == boolean.class || type == Boolean.class) {
      if (!value.equals("true") && !value.equals("false")) {
        throw new IllegalArgumentException("not true or false");
      }
      return Boolean.parseBoolean(value);
    }
    if (type == double.class || type == Double.class) {
      return Double.parseDouble(value);
    }
    if (type.isEnum()) {
      return Enum.valueOf((Class<? extends Enum>) type, value);
    }
    throw new IllegalArgumentException("unsupported parameter type " + type.getName());
  }

  private BenchmarkParams benchmarkParams() {
    WorkloadParams workload = new WorkloadParams();
    int order = 0;
    for (Map.Entry<String, String> e : configuration.params().entrySet()) {
      if (!e.getKey().equals(JmhConfiguration.THREADS)) {
        workload.put(e.getKey(), e.getValue(), order++);
      }
    }
    IterationParams iteration = new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.seconds(1), 1);
    Map<String, String> vm = new HashMap<>();
    vm.put("jdk", System.getProperty("java.version", ""));
    vm.put("name", System.getProperty("java.vm.name", ""));
    vm.put("version", System.getProperty("java.vm.version", ""));
    return new BenchmarkParams(configuration.benchmark(), configuration.benchmark(), false, threads,
        new int[] {threads},
        List.of(), 0, 0, iteration, iteration, Mode.Throughput, workload, TimeUnit.SECONDS, 1,
        JvmRounds.currentJava().toString(), List.of(), vm.get("jdk"), vm.get("name"), vm.get("version"), "1.37",
        TimeValue.minutes(10));
  }

  /** Runs a tear-down; its failure is reported on standard error and the others still run. */
  private void tearDown(Object state, Method method, int thread) {
    try {
      Object[] arguments = new Object[method.getParameterCount()];
      for (int i = 0; i < arguments.length; i++) {
        arguments[i] = argument(method.getParameterTypes()[i], thread);
      }
      method.invoke(state, arguments);
    } catch (ReflectiveOperationException | RuntimeException e) {
      System.err.println(configuration.spec() + ": tear-down " + method.getName() + " failed: "
          + (e instanceof InvocationTargetException ? e.getCause() : e));
    }
  }
}
