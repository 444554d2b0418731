package dev.recyclable.buffers.internal;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** JFR event: the pool gave a chunk up to the garbage collector. */
@Name("dev.recyclable.buffers.ChunkDropped")
@Label("Chunk Dropped")
@Category({"Recyclable Buffers"})
@Description("A pooled chunk was released to the garbage collector instead of being kept idle")
public final class ChunkDroppedEvent extends Event {
    private static final EventType TYPE = EventType.getEventType(ChunkDroppedEvent.class);

    @Label("Chunk Size")
    @DataAmount
    int chunkSize;

    @Label("Reason")
    String reason;

    public static void emit(int chunkSize, String reason) {
        if (TYPE.isEnabled()) {
            ChunkDroppedEvent event = new ChunkDroppedEvent();
            event.chunkSize = chunkSize;
            event.reason = reason;
            event.commit();
        }
    }
}
