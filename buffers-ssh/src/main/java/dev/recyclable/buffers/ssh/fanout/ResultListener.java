package dev.recyclable.buffers.ssh.fanout;

/**
 * Receives each target's result as it completes.
 *
 * <p>Called on the executor's single dispatch thread, one result at a time: keep it short and never block
 * (a blocked listener holds up scheduling of every run). Hand slow work to your own executor. The listener
 * owns each result and must close it (possibly later, on another thread). Exceptions thrown are caught; the
 * result is then closed.
 */
@FunctionalInterface
public interface ResultListener {
    void onResult(TargetResult result);
}
