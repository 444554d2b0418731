/** JUnit helpers that check a test left no pooled memory in use. */
module dev.recyclable.buffers.testing {
    requires transitive dev.recyclable.buffers;
    requires transitive org.junit.jupiter.api;

    exports dev.recyclable.buffers.testing;
}
