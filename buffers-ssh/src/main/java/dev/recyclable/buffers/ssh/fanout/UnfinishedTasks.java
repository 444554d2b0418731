/*
 * Copyright 2026 The Recyclable Buffers Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.recyclable.buffers.ssh.fanout;

/**
 * A run's admitted tasks that have not finished, linked through the tasks themselves
 * ({@link CommandTask#prevUnfinished}, {@link CommandTask#nextUnfinished}): adding and removing cost O(1) and no
 * allocation, and cancelling a run walks only what is in flight, whatever the number of targets. Dispatch thread
 * only.
 */
final class UnfinishedTasks {

    private CommandTask first;

    void add(CommandTask t) {
        t.nextUnfinished = first;
        if (first != null) {
            first.prevUnfinished = t;
        }
        first = t;
    }

    void remove(CommandTask t) {
        if (t.prevUnfinished != null) {
            t.prevUnfinished.nextUnfinished = t.nextUnfinished;
        } else if (first == t) {
            first = t.nextUnfinished;
        }
        if (t.nextUnfinished != null) {
            t.nextUnfinished.prevUnfinished = t.prevUnfinished;
        }
        t.prevUnfinished = null;
        t.nextUnfinished = null;
    }

    /** The most recently added unfinished task (follow {@link CommandTask#nextUnfinished}), or {@code null}. */
    CommandTask first() {
        return first;
    }
}
