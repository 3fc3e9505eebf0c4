/// A binary max-heap of feed heads (newest post first), reused across feed pages: the
/// reference's side of FeedService's k-way merge.
struct MaxHeap {
    private var posts: [Int64] = []
    private var authors: [Int64] = []

    var isEmpty: Bool { posts.isEmpty }

    mutating func removeAll() {
        posts.removeAll(keepingCapacity: true)
        authors.removeAll(keepingCapacity: true)
    }

    mutating func insert(post: Int64, author: Int64) {
        posts.append(post)
        authors.append(author)
        var child = posts.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard posts[parent] < posts[child] else { break }
            posts.swapAt(parent, child)
            authors.swapAt(parent, child)
            child = parent
        }
    }

    mutating func popMax() -> (post: Int64, author: Int64)? {
        guard let last = posts.indices.last else { return nil }
        let top = (posts[0], authors[0])
        posts.swapAt(0, last)
        authors.swapAt(0, last)
        posts.removeLast()
        authors.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < posts.count, posts[left] > posts[largest] { largest = left }
            if right < posts.count, posts[right] > posts[largest] { largest = right }
            if largest == parent { break }
            posts.swapAt(parent, largest)
            authors.swapAt(parent, largest)
            parent = largest
        }
        return top
    }
}
